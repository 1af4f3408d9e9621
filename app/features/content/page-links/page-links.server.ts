import { and, asc, eq, isNotNull } from "drizzle-orm";
import { pageContent } from "~/db/schema";
import type { AddPageLink, PageLink } from "~/features/content/page-links/schema";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/records/revisions.server";

/** A page link is the content row (page_name = name, section_name "page_url"). */
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
export async function addPageLink(db: Database, input: AddPageLink, actor: Actor): Promise<boolean> {
  const written = await writeContentRow(db, {
    page: input.pageName,
    section: PAGE_LINK_SECTION,
    actor,
    action: "create",
    change: (before) =>
      before ? false : newContentRow(input.pageName, PAGE_LINK_SECTION, "url", input.pageName, { pageUrl: input.pageUrl }),
  });
  return written !== false;
}

/** Sets the URL of an existing page link; false when no page link has that id. */
export async function updatePageUrl(
  db: Database,
  input: { id: number; pageUrl: string; version?: number },
  actor: Actor,
): Promise<boolean> {
  const [row] = await db
    .select({ page: pageContent.pageName, section: pageContent.sectionName })
    .from(pageContent)
    .where(and(eq(pageContent.id, input.id), isNotNull(pageContent.pageUrl)));
  if (!row) return false;
  const written = await writeContentRow(db, {
    page: row.page,
    section: row.section,
    actor,
    version: input.version,
    action: "update",
    change: (before) => (before ? { ...before, pageUrl: input.pageUrl } : false),
  });
  return written !== false;
}
