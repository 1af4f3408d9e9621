import { failed } from "~/platform/action-result.server";
import { LiveWriteRefusedError, ReleaseClosedError } from "./staging.server";

/**
 * The answer to a save the releases refused: 403 for a live save while 'Изменения только через
 * выпуски' is on (its message says how to stage it), 409 when the open release no longer takes
 * changes. Undefined for any other error.
 */
export function releaseRefusal(intent: string, error: unknown) {
  if (error instanceof LiveWriteRefusedError) return failed(intent, 403, error.message);
  if (error instanceof ReleaseClosedError) return failed(intent, 409, error.message);
  return undefined;
}

/** The status and message of a release refusal, for routes that answer plain JSON. */
export function releaseRefusalStatus(error: unknown) {
  if (error instanceof LiveWriteRefusedError) return { status: 403, message: error.message };
  if (error instanceof ReleaseClosedError) return { status: 409, message: error.message };
  return undefined;
}
