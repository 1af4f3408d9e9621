import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { pageContent } from "~/db/schema";
import type { AddPageLink, PageLink } from "~/schemas/page-links";
import { notifyContentChanged } from "./content.server";
import type { Database } from "./db.server";

/** SPEC §3: a page link is the row (page_name = name, section_name "page_url"). */
export const PAGE_LINK_SECTION = "page_url";

export async function listPageLinks(db: Database): Promise<PageLink[]> {
  const rows = await db
    .select({ id: pageContent.id, pageName: pageContent.pageName, pageUrl: pageContent.pageUrl })
    .from(pageContent)
    .where(isNotNull(pageContent.pageUrl))
    .orderBy(asc(pageContent.pageName), asc(pageContent.id));
  return rows.map((row) => ({ ...row, pageUrl: row.pageUrl ?? "" }));
}

/** Adds a page link; false when that page already has one. */
export async function addPageLink(db: Database, input: AddPageLink): Promise<boolean> {
  const created = await db
    .insert(pageContent)
    .values({
      pageName: input.pageName,
      sectionName: PAGE_LINK_SECTION,
      contentType: "url",
      contentValue: input.pageName,
      pageUrl: input.pageUrl,
    })
    .onConflictDoNothing({ target: [pageContent.pageName, pageContent.sectionName] })
    .returning({ id: pageContent.id });
  if (created.length === 0) return false;
  await notifyContentChanged(db);
  return true;
}

/** Sets the URL of an existing page link; false when no page link has that id. */
export async function updatePageUrl(db: Database, input: { id: number; pageUrl: string }): Promise<boolean> {
  const updated = await db
    .update(pageContent)
    .set({ pageUrl: input.pageUrl, updatedAt: sql`now()` })
    .where(and(eq(pageContent.id, input.id), isNotNull(pageContent.pageUrl)))
    .returning({ id: pageContent.id });
  if (updated.length === 0) return false;
  await notifyContentChanged(db);
  return true;
}
