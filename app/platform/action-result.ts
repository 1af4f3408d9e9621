import { useEffect, useRef } from "react";
import { isRouteErrorResponse, type FetcherWithComponents } from "react-router";

/** What a refused save (409) tells the editor: the value now stored, and who stored it when. */
export interface ConflictInfo {
  version: number;
  value: unknown;
  by: string | null;
  at: string | null;
}

/** Why a write was refused, read from the answer's status (`codeOf`). */
export type ActionCode = "validation" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "server";

/** What every dashboard action answers; `intent` names the write that was asked for. */
export type ActionResult =
  | { ok: true; intent: string }
  | {
      ok: false;
      intent: string;
      code: ActionCode;
      /** The first problem, shown in the failure toast (absent when the server failed unexpectedly). */
      message?: string;
      /** Every field's messages, shown next to the field. */
      fieldErrors?: Record<string, string[] | undefined>;
      /** A save refused because another administrator changed the value since (409). */
      conflict?: ConflictInfo;
    };

export type ActionSuccess = Extract<ActionResult, { ok: true }>;
export type ActionFailure = Extract<ActionResult, { ok: false }>;

/** The code of a refusal with this HTTP status. */
export function codeOf(status: number): ActionCode {
  if (status === 401 || status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  return "validation";
}

/**
 * Runs once for each answer of a fetcher's submission, after it settled. An answer that
 * was already there when the component mounted was handled before and stays quiet.
 */
export function useActionResult<Success extends ActionSuccess = ActionSuccess>(
  fetcher: Pick<FetcherWithComponents<unknown>, "state" | "data">,
  handlers: { onSuccess?: (result: Success) => void; onFailure?: (failure: ActionFailure) => void },
) {
  const result = fetcher.data as Success | ActionFailure | undefined;
  const handled = useRef(result);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) latest.current.onSuccess?.(result);
    else latest.current.onFailure?.(result);
  }, [fetcher.state, result]);
}

/** The first message for one field of a refused form, shown next to that field. */
export function fieldError(result: unknown, field: string): string | undefined {
  const answer = result as ActionResult | undefined;
  return answer && !answer.ok ? answer.fieldErrors?.[field]?.[0] : undefined;
}

/**
 * A route's clientAction: a write that never reached the server, or one the server refused
 * outright (such as an expired session), still answers as a failure the form can toast,
 * instead of replacing the tab with an error page.
 */
export async function answerFailuresInPlace({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<unknown>;
}): Promise<ActionResult> {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response) throw error;
    const routeError = isRouteErrorResponse(error);
    const message = routeError ? ((error.data as { message?: string } | undefined)?.message ?? "") : "";
    return { ok: false, intent, code: routeError ? codeOf(error.status) : "server", message };
  }
}
