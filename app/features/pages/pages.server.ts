// Landing pages in the dashboard: create, save (blocks, SEO, title, address), publish,
// unpublish and delete, each through writeRecord (one revision per key, one event each).
import { asc, eq, sql } from "drizzle-orm";
import { landingPages, redirects, type LandingPageRow } from "~/db/schema";
import type { Actor, Executor } from "~/features/history/revisions.server";
import type { Database } from "~/platform/db.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import { createBlock, validateBlocks, type Block } from "./blocks/blocks";
import { addressKey, sameAddress } from "./address-key";
import { isDisclaimerRequired } from "./policy.server";
import { refuseLoop } from "./redirect-loops.server";
import { collapseInto } from "./redirects.server";
import { pageMessages, type PageSummary } from "./schema";
import { emptySeo, type PageSeoFields } from "./seo-fields";
import { redirectTargetProblem, slugMessages, slugProblem } from "./slug";
import { pageKey, redirectKey, redirectSnapshot, type PageSnapshot } from "./snapshot.server";
import { PageWriteError, writeRecord, type SideChange } from "./write.server";

export function toSummary(row: LandingPageRow): PageSummary {
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    status: row.status,
    unpublishedRedirect: row.unpublishedRedirect,
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

/** Refuses an address that is malformed, reserved, or taken by another page or by a redirect. */
async function claimPath(transaction: Executor, path: string, ownId?: number, ownOldPath?: string): Promise<SideChange[]> {
  const problem = slugProblem(path);
  if (problem) throw refusePath(problem);
  const [page] = await transaction.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.path, path));
  if (page && page.id !== ownId) throw refusePath(slugMessages.page);
  // A redirect from `/%61` answers `/a`: sources are compared by the address they answer.
  const redirect = (await transaction.select().from(redirects)).find((row) => addressKey(row.fromPath) === path);
  if (!redirect) return [];
  // Taking back an address this page had before: the redirect from it to the page is dropped.
  if (ownOldPath !== undefined && sameAddress(redirect.toPath, ownOldPath)) {
    await transaction.delete(redirects).where(eq(redirects.id, redirect.id));
    return [{ key: redirectKey(redirect.id), action: "delete", before: redirectSnapshot(redirect), after: null }];
  }
  throw refusePath(slugMessages.redirect);
}

function checkDisclaimer(blocks: readonly { type: string }[], required: boolean) {
  if (required && !blocks.some((block) => block.type === "disclaimer")) {
    throw new PageWriteError(pageMessages.disclaimerRequired, 400, { blocks: [pageMessages.disclaimerRequired] });
  }
}

/** A new draft page: a hero to start from, and the disclaimer when the policy asks for one. */
export function createPage(db: Database, input: { title: string; path: string }, actor: Actor) {
  return writeRecord<LandingPageRow>(db, {
    key: (row) => pageKey(row.id),
    area: "pages",
    action: "create",
    actor,
    change: async (transaction) => {
      await claimPath(transaction, input.path);
      const blocks: Block[] = [createBlock("hero")];
      if (await isDisclaimerRequired(transaction)) blocks.push(createBlock("disclaimer"));
      blocks[0]!.data = { ...blocks[0]!.data, title: input.title } as Block["data"];
      const [row] = await transaction
        .insert(landingPages)
        .values({ title: input.title, path: input.path, blocks, seo: emptySeo })
        .returning();
      return { result: row! };
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
  return writeRecord<LandingPageRow>(db, {
    key: pageKey(input.id),
    area: "pages",
    action: "update",
    actor,
    version: input.version,
    change: async (transaction, before) => {
      const page = before as PageSnapshot | null;
      if (!page) throw new PageWriteError(pageMessages.notFound, 404);
      if (page.status === "published") checkDisclaimer(blocks, await isDisclaimerRequired(transaction));
      const sideChanges: SideChange[] = [];
      if (input.path !== page.path) {
        sideChanges.push(...(await claimPath(transaction, input.path, page.id, page.path)));
        if (page.status !== "draft") sideChanges.push(...(await leaveRedirect(transaction, page.path, input.path)));
        // An unpublished page's 302 answers at its new address: it must not lead back there.
        if (page.status !== "published" && page.unpublishedRedirect)
          await refuseLoop(transaction, { from: input.path, to: page.unpublishedRedirect, skipPageId: page.id }, "path");
      }
      const [row] = await transaction
        .update(landingPages)
        .set({ title: input.title, path: input.path, blocks, seo: input.seo, updatedAt: sql`now()` })
        .where(eq(landingPages.id, input.id))
        .returning();
      return { result: row!, sideChanges };
    },
  });
}

/** The automatic 301 from a page's old address, and every redirect into the old address re-aimed. */
async function leaveRedirect(transaction: Executor, from: string, to: string): Promise<SideChange[]> {
  const changes = await collapseInto(transaction, from, to);
  const [row] = await transaction.insert(redirects).values({ fromPath: from, toPath: to, status: 301, automatic: true }).returning();
  changes.push({ key: redirectKey(row!.id), action: "create", before: null, after: redirectSnapshot(row) });
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
    key: pageKey(input.id),
    area: "pages",
    action: input.status === "deleted" ? "delete" : "update",
    actor,
    version: input.version,
    change: async (transaction, before) => {
      const page = before as PageSnapshot | null;
      if (!page) throw new PageWriteError(pageMessages.notFound, 404);
      const where = eq(landingPages.id, input.id);
      if (input.status === "deleted") {
        await transaction.delete(landingPages).where(where);
        return { result: true };
      }
      if (input.status === "published") {
        checkDisclaimer(Array.isArray(page.blocks) ? (page.blocks as { type: string }[]) : [], await isDisclaimerRequired(transaction));
      }
      const redirectTo = input.status === "unpublished" && input.redirectTo !== "" ? input.redirectTo : null;
      if (redirectTo && sameAddress(redirectTo, page.path))
        throw new PageWriteError(slugMessages.same, 400, { redirectTo: [slugMessages.same] });
      if (redirectTo) await refuseLoop(transaction, { from: page.path, to: redirectTo, skipPageId: page.id }, "redirectTo");
      await transaction
        .update(landingPages)
        .set({ status: input.status, unpublishedRedirect: redirectTo, updatedAt: sql`now()` })
        .where(where);
      return { result: true };
    },
  });
}
