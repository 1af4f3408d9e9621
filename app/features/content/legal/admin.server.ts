import { and, eq, inArray } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { LEGAL_SECTION, legalPlaceholder } from "~/features/content/catalogue/legal";
import { legalPageNames, type LegalPageName } from "~/features/content/catalogue/types";
import { pageContent } from "~/db/schema";
import { deltaSchema, type Delta, type LegalSave } from "~/features/content/legal/schema";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/records/revisions.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";

export interface LegalPageEntry {
  page: LegalPageName;
  exists: boolean;
  html: string;
  /** The editor's own document, when it still matches the stored HTML. */
  delta: Delta | null;
}

const plainText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, "");

/**
 * The stored Delta restores the editor exactly, but another writer (the site content tab)
 * may change the HTML without it. NOTE: comparing the text catches such edits; an edit of
 * formatting alone would still reopen the older Delta.
 */
function usableDelta(richContent: unknown, html: string): Delta | null {
  const parsed = deltaSchema.safeParse(richContent);
  if (!parsed.success) return null;
  const deltaText = parsed.data.ops
    .map((op) => (typeof op.insert === "string" ? op.insert : ""))
    .join("")
    .replace(/\s+/g, "");
  return deltaText === plainText(html) ? parsed.data : null;
}

/** The three legal pages, HTML sanitised before it is shown. */
export async function listLegalPages(db: Database): Promise<LegalPageEntry[]> {
  const rows = await db
    .select()
    .from(pageContent)
    .where(and(inArray(pageContent.pageName, [...legalPageNames]), eq(pageContent.sectionName, LEGAL_SECTION)));
  return legalPageNames.map((page) => {
    const row = rows.find((candidate) => candidate.pageName === page);
    if (!row) return { page, exists: false, html: "", delta: null };
    const html = sanitizeLegalHtml(row.contentValue);
    return { page, exists: true, html, delta: usableDelta(row.richContent, html) };
  });
}

/** 'Создать': writes the placeholder of every missing legal page; existing pages are kept. */
export async function initLegalPages(db: Database, actor: Actor): Promise<number> {
  let created = 0;
  for (const page of legalPageNames) {
    const written = await writeContentRow(db, {
      page,
      section: LEGAL_SECTION,
      actor,
      action: "create",
      change: (before) => (before ? false : newContentRow(page, LEGAL_SECTION, "rich_text", legalPlaceholder(page))),
    });
    if (written !== false) created += 1;
  }
  return created;
}

/** Saves a legal page's sanitised HTML and its Delta; false when the page does not exist. */
export async function saveLegalPage(db: Database, input: LegalSave & { version?: number }, actor: Actor): Promise<boolean> {
  const written = await writeContentRow(db, {
    page: input.page_name,
    section: input.section_name,
    actor,
    version: input.version,
    action: "update",
    change: (before) =>
      before ? { ...before, contentValue: sanitizeLegalHtml(input.content), richContent: input.rich_content ?? null } : false,
  });
  return written !== false;
}
