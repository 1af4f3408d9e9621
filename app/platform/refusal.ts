/**
 * The one kind of refusal a feature answers with: a request the product will not carry out
 * (not found, not allowed now, invalid, in conflict), with its HTTP status and the message the
 * person sees. Route actions answer it through the admin action runner; anything else thrown
 * is a server error.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      /** Each field's messages, shown beside the field. */
      fieldErrors?: Record<string, string[] | undefined>;
      /** What the conflict is about (the value stored now, the keys in conflict), for the client. */
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }

  get fieldErrors() {
    return this.options.fieldErrors;
  }
}

export const isRefusal = (error: unknown): error is Refusal => error instanceof Refusal;
