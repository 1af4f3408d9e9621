import { data } from "react-router";
import { z, type ZodError } from "zod";
import { codeOf, type ActionFailure, type ActionSuccess, type ConflictInfo } from "~/platform/action-result";

/** A refused form: 400 with the first problem and every field's messages, each shown by its field. */
export function refused(intent: string, error: ZodError, fallback = "Invalid input") {
  const { fieldErrors } = z.flattenError(error);
  return failed(intent, 400, error.issues[0]?.message ?? fallback, fieldErrors as Record<string, string[] | undefined>);
}

/** A refused write: the status, and the code read from it (400 validation, 404 not found, 409 conflict, 5xx server…). */
export function failed(intent: string, status: number, message?: string, fieldErrors?: Record<string, string[] | undefined>) {
  return data({ ok: false, intent, code: codeOf(status), message, fieldErrors } satisfies ActionFailure, { status });
}

export const succeeded = (intent: string) => ({ ok: true, intent }) satisfies ActionSuccess;

export { readForm } from "./read-form.server";

/** A save refused because the value changed since its editor opened (the history feature's VersionConflictError): 409 with the value now stored. */
export function conflicted(intent: string, error: { message: string; current: ConflictInfo }) {
  return data({ ok: false, intent, code: "conflict", message: error.message, conflict: error.current } satisfies ActionFailure, {
    status: 409,
  });
}
