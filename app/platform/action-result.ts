import { useEffect, useRef } from "react";
import { isRouteErrorResponse, type FetcherWithComponents } from "react-router";
import type { ConflictInfo } from "~/features/history/schema";

/** What the site content and menu actions answer; `intent` names the write that was asked for. */
export type AdminActionResult =
  | { ok: true; intent: string }
  | {
      ok: false;
      intent: string;
      /** The first problem, shown in the failure toast. */
      message: string;
      /** Every field's messages, shown next to the field (STYLE rule 6). */
      fieldErrors?: Record<string, string[] | undefined>;
      /** A save refused because another administrator changed the value since (409). */
      conflict?: ConflictInfo;
    };

export type AdminActionFailure = Extract<AdminActionResult, { ok: false }>;

/**
 * Runs once for each answer of a fetcher's submission, after it settled. An answer that
 * was already there when the component mounted was handled before and stays quiet.
 */
export function useFetcherResult(
  fetcher: Pick<FetcherWithComponents<unknown>, "state" | "data">,
  handlers: { onSuccess?: (result: Extract<AdminActionResult, { ok: true }>) => void; onFailure?: (failure: AdminActionFailure) => void },
) {
  const result = fetcher.data as AdminActionResult | undefined;
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

/** The first message for one field of a refused form. */
export function fieldErrorOf(result: unknown, field: string): string | undefined {
  const answer = result as AdminActionResult | undefined;
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
}): Promise<AdminActionResult> {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    return (await serverAction()) as AdminActionResult;
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = isRouteErrorResponse(error) ? ((error.data as { message?: string } | undefined)?.message ?? "") : "";
    return { ok: false, intent, message };
  }
}
