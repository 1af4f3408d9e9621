import { FIXED_SEO_PAGE } from "~/features/seo/fixed-page-seo";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { defaultPageRows } from "~/features/content/catalogue/catalogue";
import type { ContentType } from "~/features/content/catalogue/types";
import { pageContent } from "~/db/schema";
import { isLegalPageRow, type ContentAdd, type ContentEntry } from "~/features/content/schema";
import { notifyContentChanged } from "./read.server";
import type { Database } from "~/platform/db.server";
import { writeContentRow } from "./write.server";
import { runWrite } from "~/features/releases/staging.server";
import { recordSnapshotGroup } from "~/features/history/revision-groups.server";
import type { Actor } from "~/features/history/revisions.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";

/**
 * The rows this tab manages: every page's content except the global settings and the page
 * links (rows with a page_url), which have their own panels in the settings tab.
 */
const managedRows = and(ne(pageContent.pageName, "global"), ne(pageContent.pageName, FIXED_SEO_PAGE), isNull(pageContent.pageUrl));

/** All non-global content for the admin: ordered by page name, then section name. */
export async function listContentRows(db: Database): Promise<ContentEntry[]> {
  const rows = await db
    .select({
      id: pageContent.id,
      pageName: pageContent.pageName,
      sectionName: pageContent.sectionName,
      contentType: pageContent.contentType,
      contentValue: pageContent.contentValue,
      updatedAt: pageContent.updatedAt,
    })
    .from(pageContent)
    .where(managedRows)
    .orderBy(asc(pageContent.pageName), asc(pageContent.sectionName));
  return rows.map((row) => ({
    ...row,
    contentValue: isLegalPageRow(row.pageName, row.sectionName) ? legalExcerpt(row.contentValue) : row.contentValue,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const EXCERPT_LENGTH = 280;
// React escapes text itself: the excerpt is shown as written, not as sanitize-html escapes it.
const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/**
 * The legal pages are edited in their own tab; this tab shows the start of their text only,
 * which also keeps up to 200000 characters of HTML out of the page.
 */
function legalExcerpt(html: string) {
  // Block ends become spaces, so a heading and the paragraph after it stay two words apart.
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>/gi, "$& "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/** HTML values are stored sanitised whoever writes them; other types are stored as given. */
const storedValue = (type: ContentType, value: string) => (type === "rich_text" ? sanitizeLegalHtml(value) : value);

/** Saves one card's value; false when no row of this tab has that id. */
export async function updateContentValue(db: Database, input: { id: number; contentValue: string; version?: number }, actor: Actor) {
  const [row] = await db
    .select({ page: pageContent.pageName, section: pageContent.sectionName })
    .from(pageContent)
    .where(and(eq(pageContent.id, input.id), managedRows));
  if (!row) return false;
  const written = await writeContentRow(db, {
    page: row.page,
    section: row.section,
    actor,
    version: input.version,
    action: "update",
    change: async (transaction, before) => {
      if (!before || before.id !== input.id) return false;
      const [updated] = await transaction
        .update(pageContent)
        .set({
          contentValue: storedValue(before.contentType, input.contentValue),
          // The legal editor's own document would no longer match this HTML.
          ...(isLegalPageRow(row.page, row.section) ? { richContent: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(pageContent.id, input.id))
        .returning();
      return updated ?? false;
    },
  });
  return written !== false;
}

/** Deletes one card's row; false when no row of this tab has that id. */
export async function deleteContentRow(db: Database, id: number, actor: Actor) {
  const [row] = await db
    .select({ page: pageContent.pageName, section: pageContent.sectionName })
    .from(pageContent)
    .where(and(eq(pageContent.id, id), managedRows));
  if (!row) return false;
  const written = await writeContentRow(db, {
    page: row.page,
    section: row.section,
    actor,
    action: "delete",
    change: async (transaction, before) => {
      if (!before || before.id !== id) return false;
      await transaction.delete(pageContent).where(eq(pageContent.id, id));
      return undefined;
    },
  });
  return written !== false;
}

/** Adds a section; false when that page already has a section of this name. */
export async function addContentRow(db: Database, input: ContentAdd, actor: Actor) {
  const written = await writeContentRow(db, {
    page: input.pageName,
    section: input.sectionName,
    actor,
    action: "create",
    change: async (transaction) => {
      const [created] = await transaction
        .insert(pageContent)
        .values({
          pageName: input.pageName,
          sectionName: input.sectionName,
          contentType: input.contentType,
          contentValue: storedValue(input.contentType, input.contentValue),
        })
        .onConflictDoNothing({ target: [pageContent.pageName, pageContent.sectionName] })
        .returning();
      return created ?? false;
    },
  });
  return written !== false;
}

/** Which step of Initialize All Content failed, each with its own error message. */
export class InitializeContentError extends Error {
  constructor(
    readonly step: "clear" | "insert",
    cause: unknown,
  ) {
    super(databaseReason(cause), { cause });
  }
}

/** The database's own words: the query builder wraps them in a message that quotes the SQL. */
function databaseReason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * Initialize All Content: replaces every row of this tab with the catalogue defaults in one
 * transaction, so a failure leaves the previous content in place. Returns the rows written.
 */
export async function initializeAllContent(db: Database, actor: Actor) {
  const defaults = defaultPageRows();
  // With a release open the whole reset is staged into it instead.
  const { staged } = await runWrite(db, actor, async (transaction) => {
    const before = await transaction.select().from(pageContent).where(managedRows);
    await transaction
      .delete(pageContent)
      .where(managedRows)
      .catch((error: unknown) => {
        throw new InitializeContentError("clear", error);
      });
    const after = await transaction
      .insert(pageContent)
      .values(defaults)
      .returning()
      .catch((error: unknown) => {
        throw new InitializeContentError("insert", error);
      });
    await recordSnapshotGroup(transaction, { before, after, actor, action: "initialize", kind: "content.initialize" });
  });
  if (!staged) await notifyContentChanged(db);
  return defaults.length;
}
