import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ConflictInfo } from "~/features/history/schema";

/** What the dashboard actions of settings, fees, legal pages and page links answer. */
export type ActionResult =
  | { ok: true }
  | {
      ok: false;
      code: "validation" | "not_found" | "conflict" | "server";
      message?: string;
      fieldErrors?: Record<string, string[] | undefined>;
      /** A save refused because another administrator changed the value since (409). */
      conflict?: ConflictInfo;
    };

export type ActionFailure = Extract<ActionResult, { ok: false }>;

/**
 * Runs once per answer of a fetcher's submission, when it has settled. An answer already
 * there when the component mounts was handled before and is not announced again.
 */
export function useActionResult(
  fetcher: Pick<FetcherWithComponents<unknown>, "state" | "data">,
  handlers: { onSuccess: () => void; onFailure: (failure: ActionFailure) => void },
) {
  const result = fetcher.data as ActionResult | undefined;
  const handled = useRef(result);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) handlers.onSuccess();
    else handlers.onFailure(result);
    // NOTE: the handlers change on every render; the answer object is what marks a new result.
  }, [fetcher.state, result]);
}

/** The server's message for one field of a refused form, shown next to that field. */
export function fieldError(result: unknown, field: string): string | undefined {
  const answer = result as ActionResult | undefined;
  return answer && !answer.ok ? answer.fieldErrors?.[field]?.[0] : undefined;
}
