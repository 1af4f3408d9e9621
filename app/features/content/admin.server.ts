import { and, asc, eq, isNull, ne } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { defaultPageRows } from "~/features/content/catalogue/catalogue";
import type { ContentType } from "~/features/content/catalogue/types";
import { pageContent } from "~/db/schema";
import { contentMessages, isEffectiveDateRow, isLegalPageRow, type ContentAdd, type ContentEntry } from "~/features/content/schema";
import { Refusal } from "~/platform/refusal";
import type { Database } from "~/platform/db.server";
import { newContentRow, writeContentRow } from "./write.server";
import { writeRecords } from "~/features/records/write.server";
import type { Actor } from "~/features/records/revisions.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";
import { contentRecordKey } from "./records.server";
import type { ContentSnapshot } from "./internal/snapshots.server";

/**
 * The kinds of page content row this tab manages (not the settings, the page links or the fixed
 * pages' SEO), and of those not the documents' effective dates: a release carries them.
 */
const MANAGED_KINDS = ["content", "fee", "legal-page"];

/**
 * The rows this tab manages: every page's content except the global settings and the page
 * links (rows with a page_url), which have their own panels in the settings tab.
 */
const storedRows = and(ne(pageContent.pageName, "global"), isNull(pageContent.pageUrl));
const isManaged = (row: { pageName: string; sectionName: string }) =>
  MANAGED_KINDS.includes(contentRecordKey(row.pageName, row.sectionName).kind) && !isEffectiveDateRow(row.pageName, row.sectionName);

/** The page and section of one of this tab's rows by its id; undefined when no row of this tab has it. */
async function managedRow(db: Database, id: number) {
  const [row] = await db
    .select({ pageName: pageContent.pageName, sectionName: pageContent.sectionName })
    .from(pageContent)
    .where(and(eq(pageContent.id, id), storedRows));
  return row && isManaged(row) ? { page: row.pageName, section: row.sectionName } : undefined;
}

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
    .where(storedRows)
    .orderBy(asc(pageContent.pageName), asc(pageContent.sectionName));
  return rows.filter(isManaged).map((row) => ({
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
  const row = await managedRow(db, input.id);
  if (!row) return false;
  const written = await writeContentRow(db, {
    page: row.page,
    section: row.section,
    actor,
    version: input.version,
    action: "update",
    change: (before) =>
      before
        ? {
            ...before,
            contentValue: storedValue(before.contentType, input.contentValue),
            // The legal editor's own document would no longer match this HTML.
            ...(isLegalPageRow(row.page, row.section) ? { richContent: null } : {}),
          }
        : false,
  });
  return written !== false;
}

/** Deletes one card's row; false when no row of this tab has that id. */
export async function deleteContentRow(db: Database, id: number, actor: Actor) {
  const row = await managedRow(db, id);
  if (!row) return false;
  const written = await writeContentRow(db, {
    page: row.page,
    section: row.section,
    actor,
    action: "delete",
    change: (before) => (before ? null : false),
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
    change: (before) =>
      before
        ? false
        : newContentRow(input.pageName, input.sectionName, input.contentType, storedValue(input.contentType, input.contentValue)),
  });
  return written !== false;
}

/** Which step of Initialize All Content failed, each with its own error message and the database's reason (500). */
export class InitializeContentError extends Refusal {
  constructor(
    readonly step: "clear" | "insert",
    cause: unknown,
  ) {
    super(500, `${step === "clear" ? contentMessages.clearFailed : contentMessages.initializeFailed}: ${databaseReason(cause)}`);
    this.cause = cause;
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
 * transaction (cleared, then written), so a failure leaves the previous content in place.
 * With a release open the whole reset is staged into it instead. Returns the rows written.
 */
export async function initializeAllContent(db: Database, actor: Actor) {
  const defaults = defaultPageRows();
  await writeRecords(db, {
    actor,
    action: "initialize",
    group: { kind: "content.initialize", area: "content" },
    async plan(context) {
      const existing: [string, ContentSnapshot][] = [];
      for (const kind of MANAGED_KINDS) {
        for (const [key, value] of await context.list(kind))
          if ((value as ContentSnapshot).pageUrl === null) existing.push([key, value as ContentSnapshot]);
      }
      const clear = existing.map(([, row]) => ({
        key: contentRecordKey(row.pageName, row.sectionName),
        after: null,
        failure: (error: unknown) => new InitializeContentError("clear", error),
      }));
      const write = defaults.map((row) => ({
        key: contentRecordKey(row.pageName, row.sectionName),
        after: newContentRow(row.pageName, row.sectionName, row.contentType, row.contentValue),
        failure: (error: unknown) => new InitializeContentError("insert", error),
      }));
      return { result: defaults.length, changes: [...clear, ...write] };
    },
  });
  return defaults.length;
}
