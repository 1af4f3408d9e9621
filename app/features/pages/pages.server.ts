// Landing pages in the dashboard: create, save (blocks, SEO, title, address), publish,
// unpublish and delete, each through writeRecord (one revision per key, one event each).
import { asc, eq } from "drizzle-orm";
import { landingPages, type LandingPageRow } from "~/db/schema";
import type { Actor, Executor } from "~/features/records/revisions.server";
import type { WriteContext } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import { createBlock, validateBlocks, type Block } from "./blocks/blocks";
import { addressKey, sameAddress } from "./address-key";
import { isDisclaimerRequired } from "./policy.server";
import { refuseLoop } from "./redirect-loops.server";
import { collapseInto, redirectsAsLeft } from "./redirects.server";
import { pageMessages, type PageSummary } from "./schema";
import { emptySeo, type PageSeoFields } from "~/features/seo/seo-fields";
import { redirectTargetProblem, slugMessages, slugProblem } from "./slug";
import {
  defaultPagesOf,
  pageRecordKey,
  redirectRecordKey,
  isPageTranslation,
  type PageSnapshot,
  type RedirectSnapshot,
} from "./internal/records.server";
import { PageWriteError, writeRecord, type SideChange } from "./internal/write.server";

export function toSummary(row: PageSnapshot & Pick<LandingPageRow, "updatedAt">): PageSummary {
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    status: row.status,
    unpublishedRedirect: row.unpublishedRedirect,
    unpublishedRedirectStatus: row.unpublishedRedirectStatus ?? 302,
    endsAt: row.endsAt,
    endRedirect: row.endRedirect,
    endRedirectStatus: row.endRedirectStatus ?? 302,
    updatedAt: row.updatedAt.toISOString(),
    blockCount: Array.isArray(row.blocks) ? row.blocks.length : 0,
  };
}

export const listPages = (db: Executor) => db.select().from(landingPages).orderBy(asc(landingPages.path));

export async function getPage(db: Executor, id: number) {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id));
  return row;
}

const refusePath = (message: string) => new PageWriteError(message, 400, { path: [message] });

/** Every page as the write's target leaves it (live, or the release over live). */
export const pagesAsLeft = async (context: WriteContext) => defaultPagesOf(await context.list("landing-page"));

/** Refuses an address that is malformed, reserved, or taken by another page or by a redirect. */
async function claimPath(context: WriteContext, path: string, ownId?: number, ownOldPath?: string): Promise<SideChange[]> {
  const problem = slugProblem(path);
  if (problem) throw refusePath(problem);
  const page = (await pagesAsLeft(context)).find((candidate) => candidate.path === path);
  if (page && page.id !== ownId) throw refusePath(slugMessages.page);
  // A redirect from `/%61` answers `/a`: sources are compared by the address they answer.
  const redirect = (await redirectsAsLeft(context)).find((candidate) => addressKey(candidate.fromPath) === path);
  if (!redirect) return [];
  // Taking back an address this page had before: the redirect from it to the page is dropped.
  if (ownOldPath !== undefined && sameAddress(redirect.toPath, ownOldPath)) {
    return [{ key: redirectRecordKey(redirect.id), action: "delete", after: null }];
  }
  throw refusePath(slugMessages.redirect);
}

export function checkDisclaimer(blocks: readonly { type: string }[], required: boolean) {
  if (required && !blocks.some((block) => block.type === "disclaimer")) {
    throw new PageWriteError(pageMessages.disclaimerRequired, 400, { blocks: [pageMessages.disclaimerRequired] });
  }
}

/** A new draft page: a hero to start from, and the disclaimer when the policy asks for one. */
export function createPage(db: Database, input: { title: string; path: string }, actor: Actor) {
  return writeRecord<PageSnapshot>(db, {
    key: (page) => pageRecordKey(page.id),
    action: "create",
    actor,
    change: async (context) => {
      await claimPath(context, input.path);
      const blocks: Block[] = [createBlock("hero")];
      if (await isDisclaimerRequired(context.executor)) blocks.push(createBlock("disclaimer"));
      blocks[0]!.data = { ...blocks[0]!.data, title: input.title } as Block["data"];
      const id = Number(await context.allocateId("landing-page"));
      const page: PageSnapshot = {
        id,
        title: input.title,
        path: input.path,
        status: "draft",
        unpublishedRedirect: null,
        unpublishedRedirectStatus: null,
        endsAt: null,
        endRedirect: null,
        endRedirectStatus: null,
        blocks,
        seo: emptySeo,
      };
      return { result: page, after: page };
    },
  });
}

/** Rich text is kept as the legal editor's sanitiser leaves it, on write as on read. */
export const sanitizeBlocks = (blocks: Block[]): Block[] =>
  blocks.map((block) => (block.type === "rich_text" ? { ...block, data: { html: sanitizeLegalHtml(block.data.html) } } : block));

export interface PageSave {
  id: number;
  version?: number;
  title: string;
  path: string;
  blocks: unknown;
  seo: PageSeoFields;
}

/**
 * Saves the editor. A new address of a page that has been public leaves a 301 from the old one
 * (and re-aims redirects that led to the old one); blocks are checked each by its type's schema.
 */
export function savePage(db: Database, input: PageSave, actor: Actor) {
  const checked = validateBlocks(input.blocks);
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, [message]]));
    throw new PageWriteError(pageMessages.blocksInvalid, 400, fieldErrors);
  }
  const blocks = sanitizeBlocks(checked.blocks);
  return writeRecord<PageSnapshot>(db, {
    key: pageRecordKey(input.id),
    action: "update",
    actor,
    version: input.version,
    change: async (context, before) => {
      const page = before as PageSnapshot | null;
      if (!page) throw new PageWriteError(pageMessages.notFound, 404);
      if (page.status === "published") checkDisclaimer(blocks, await isDisclaimerRequired(context.executor));
      const sideChanges: SideChange[] = [];
      if (input.path !== page.path) {
        const reclaimed = await claimPath(context, input.path, page.id, page.path);
        sideChanges.push(...reclaimed);
        const dropped = reclaimed.map((change) => Number(change.key.id));
        if (page.status !== "draft") sideChanges.push(...(await leaveRedirect(context, page.path, input.path, dropped)));
        // An unpublished page's 302 answers at its new address: it must not lead back there.
        if (page.status !== "published" && page.unpublishedRedirect)
          await refuseLoop(context, { from: input.path, to: page.unpublishedRedirect, skipPageId: page.id }, "path");
      }
      const after: PageSnapshot = { ...page, title: input.title, path: input.path, blocks, seo: input.seo };
      return { result: after, after, sideChanges };
    },
  });
}

/** The automatic 301 from a page's old address, and every redirect into the old address re-aimed. */
async function leaveRedirect(context: WriteContext, from: string, to: string, dropped: number[]): Promise<SideChange[]> {
  const changes = await collapseInto(context, from, to, dropped);
  const id = Number(await context.allocateId("redirect"));
  const redirect: RedirectSnapshot = { id, fromPath: from, toPath: to, status: 301, automatic: true };
  changes.push({ key: redirectRecordKey(id), action: "create", after: redirect });
  return changes;
}

type StatusChange = { id: number; version?: number } & (
  { status: "published" } | { status: "unpublished"; redirectTo: string } | { status: "deleted" }
);

/** Publishes, unpublishes (404, or a chosen redirect) or deletes a page; a deleted page can be restored from history. */
export function changePageStatus(db: Database, input: StatusChange, actor: Actor) {
  if (input.status === "unpublished" && input.redirectTo !== "") {
    const problem = redirectTargetProblem(input.redirectTo);
    if (problem) throw new PageWriteError(problem, 400, { redirectTo: [problem] });
  }
  return writeRecord<true>(db, {
    key: pageRecordKey(input.id),
    action: input.status === "deleted" ? "delete" : "update",
    actor,
    version: input.version,
    change: async (context, before) => {
      const page = before as PageSnapshot | null;
      if (!page) throw new PageWriteError(pageMessages.notFound, 404);
      if (input.status === "deleted") {
        // Its versions in other locales go with it (and come back with a restore of each).
        const versions = [...(await context.list("landing-page")).values()].filter(
          (value) => isPageTranslation(value) && value.id === page.id,
        );
        const sideChanges = versions.map((value) => ({
          key: pageRecordKey(page.id, (value as { locale: string }).locale),
          action: "delete" as const,
          after: null,
        }));
        return { result: true, after: null, sideChanges };
      }
      if (input.status === "published") {
        // A page whose end time has passed would unpublish at once: refused until it is changed.
        if (page.endsAt && new Date(page.endsAt) <= new Date())
          throw new PageWriteError(pageMessages.endBeforePublish, 400, { endsAt: [pageMessages.endBeforePublish] });
        checkDisclaimer(
          Array.isArray(page.blocks) ? (page.blocks as { type: string }[]) : [],
          await isDisclaimerRequired(context.executor),
        );
      }
      const redirectTo = input.status === "unpublished" && input.redirectTo !== "" ? input.redirectTo : null;
      if (redirectTo && sameAddress(redirectTo, page.path))
        throw new PageWriteError(slugMessages.same, 400, { redirectTo: [slugMessages.same] });
      if (redirectTo) await refuseLoop(context, { from: page.path, to: redirectTo, skipPageId: page.id }, "redirectTo");
      return { result: true, after: { ...page, status: input.status, unpublishedRedirect: redirectTo, unpublishedRedirectStatus: null } };
    },
  });
}
