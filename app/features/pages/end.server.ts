// A landing page's end time (a campaign that ends on time): set in the editor through the record
// store like any edit of the page (history, releases, staging unchanged), and carried out once by
// a background job of the shared scheduler, whatever instance runs it and however late it runs.
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { landingPages } from "~/db/schema";
import type { Actor } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { Refusal } from "~/platform/refusal";
import { sameAddress } from "./address-key";
import { pageRecordKey, type PageSnapshot } from "./internal/records.server";
import { ADDRESSES_LOCK, PageWriteError, writeRecord } from "./internal/write.server";
import { refreshPublicIndex } from "./public-index.server";
import { refuseLoop } from "./redirect-loops.server";
import { pageMessages } from "./schema";
import { redirectTargetProblem, slugMessages } from "./slug";

export interface PageEnd {
  id: number;
  version?: number;
  /** The instant the page unpublishes; null removes the end time. */
  endsAt: Date | null;
  /** A path of this site or an http(s) address; empty answers 404. */
  endRedirect: string;
  endRedirectStatus: 301 | 302;
}

/**
 * Sets or removes a page's end time with where its address then leads. Refused: a time not in
 * the future, a malformed redirect target (the one URL parser, `parseSafeUrl` with `urlRules.link`),
 * a target that is the page itself or closes a loop of redirects. Nothing is written when refused.
 */
export function setPageEnd(db: Database, input: PageEnd, actor: Actor, now = new Date()) {
  if (input.endsAt && input.endsAt.getTime() <= now.getTime())
    throw new PageWriteError(pageMessages.endPast, 400, { endsAt: [pageMessages.endPast] });
  const redirect = input.endsAt ? input.endRedirect : "";
  if (redirect !== "") {
    const problem = redirectTargetProblem(redirect);
    if (problem) throw new PageWriteError(problem, 400, { endRedirect: [problem] });
  }
  return writeRecord<true>(db, {
    key: pageRecordKey(input.id),
    action: "update",
    actor,
    version: input.version,
    change: async (context, before) => {
      const page = before as PageSnapshot | null;
      if (!page) throw new PageWriteError(pageMessages.notFound, 404);
      if (redirect && sameAddress(redirect, page.path))
        throw new PageWriteError(slugMessages.same, 400, { endRedirect: [slugMessages.same] });
      if (redirect) await refuseLoop(context, { from: page.path, to: redirect, skipPageId: page.id }, "endRedirect");
      const after: PageSnapshot = {
        ...page,
        endsAt: input.endsAt ? input.endsAt.toISOString() : null,
        endRedirect: redirect || null,
        endRedirectStatus: input.endsAt && redirect ? input.endRedirectStatus : null,
      };
      return { result: true, after };
    },
  });
}

/**
 * Ends one page if it is still published and its end time has come: claimed under the page's
 * record lock (and the address lock) and re-read there, so a second instance, or a second run,
 * finds it ended and writes nothing. Written live whatever release is open, as the server
 * (no actor), with one revision group: one activity line `page.end` and one archive entry.
 */
async function endPage(db: Database, id: number, now: Date) {
  const key = pageRecordKey(id);
  const outcome = await writeRecords(db, {
    actor: null,
    action: "update",
    key,
    alwaysLive: true,
    locks: [ADDRESSES_LOCK],
    group: { kind: "page.end", area: "pages", details: { pageId: id } },
    async plan(context, before) {
      const page = before as PageSnapshot | null;
      if (!page || page.status !== "published" || !page.endsAt || new Date(page.endsAt) > now) return false;
      let redirect = page.endRedirect;
      // Pages and redirects may have changed since the end time was set: a loop now ends at 404.
      if (redirect) {
        try {
          await refuseLoop(context, { from: page.path, to: redirect, skipPageId: page.id }, "endRedirect");
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          logger.warn({ pageId: id, redirect }, "page end: redirect would loop, the address answers 404");
          redirect = null;
        }
      }
      const status = redirect ? (page.endRedirectStatus ?? 302) : null;
      const after: PageSnapshot = { ...page, status: "unpublished", unpublishedRedirect: redirect, unpublishedRedirectStatus: status };
      return {
        result: true,
        details: { path: page.path, endsAt: page.endsAt, redirect, status },
        changes: [{ key, after }],
      };
    },
  });
  return outcome !== false;
}

/**
 * Unpublishes every published page whose end time has come (also one that passed while the site
 * was down). Answers the ids this instance ended.
 */
export async function endDuePages(db: Database, now = new Date()) {
  const due = await db
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(and(eq(landingPages.status, "published"), isNotNull(landingPages.endsAt), lte(landingPages.endsAt, now)))
    .orderBy(asc(landingPages.endsAt), asc(landingPages.id));
  const ended: number[] = [];
  for (const page of due) if (await endPage(db, page.id, now)) ended.push(page.id);
  if (ended.length > 0) await refreshPublicIndex(db);
  return ended;
}

/** Page end times as a job of the shared scheduler: soon after start (catch-up), then every 15 seconds. */
export function pageEndJob(getDb: () => Database, everyMs = 15_000): Job {
  return { name: "page-ends", everyMs, firstAfterMs: 1_000, run: () => endDuePages(getDb()) };
}
