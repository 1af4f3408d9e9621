import { data } from "react-router";
import { z, type ZodError } from "zod";
import { codeOf, type ActionFailure, type ActionSuccess, type ConflictInfo } from "~/platform/action-result";
import { logger } from "~/platform/logger.server";
import { Refusal } from "~/platform/refusal";

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

/**
 * The one admin action runner: runs the action's work and answers what it returns, or the
 * refusal it threw (its status, message and fields; a conflict with what the client needs to
 * settle it), or, for anything else, logs it and answers 500 with the action's own failure
 * message. Every admin route action answers through it: no route catches errors of its own.
 */
export async function runAction<T>(
  intent: string,
  work: () => Promise<T>,
  failure: { log: string; message?: string | ((intent: string) => string | undefined) },
): Promise<T | ReturnType<typeof failed> | ReturnType<typeof answerRefusal>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal && error.status < 500) return answerRefusal(intent, error);
    logger.error({ err: error, intent }, failure.log);
    if (error instanceof Refusal) return failed(intent, error.status, error.message, error.fieldErrors);
    return failed(intent, 500, typeof failure.message === "function" ? failure.message(intent) : failure.message);
  }
}

/** A refusal as the dashboard reads it: a conflict carries the value stored now, or the keys in conflict. */
export function answerRefusal(intent: string, refusal: Refusal) {
  const details = refusal.options.details;
  if (details?.conflict) return conflicted(intent, { message: refusal.message, current: details.conflict as ConflictInfo });
  if (details?.conflicts)
    return data(
      { ok: false as const, intent, code: "conflict" as const, message: refusal.message, conflicts: details.conflicts as string[] },
      { status: 409 },
    );
  return failed(intent, refusal.status, refusal.message, refusal.fieldErrors);
}
