import { and, eq, sql } from "drizzle-orm";
import { findKey } from "~/features/content/catalogue/catalogue";
import type { ContentType } from "~/features/content/catalogue/types";
import { pageContent, type PageContentRow } from "~/db/schema";
import { writeContentRow } from "~/features/content/write.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/history/revisions.server";

/**
 * Writes one value by page and section, creating the row when it is missing (so settings
 * absent from the database stay editable), with its revision in the same transaction, then
 * invalidates cached reads.
 */
export async function upsertContentValue(
  db: Database,
  input: { page: string; section: string; value: string; type?: ContentType; actor?: Actor; version?: number },
) {
  const type = input.type ?? findKey(input.page, input.section)?.type ?? "text";
  const row = await writeContentRow(db, {
    page: input.page,
    section: input.section,
    actor: input.actor ?? null,
    version: input.version,
    action: "update",
    change: async (transaction) => {
      const [written] = await transaction
        .insert(pageContent)
        .values({ pageName: input.page, sectionName: input.section, contentType: type, contentValue: input.value })
        .onConflictDoUpdate({
          target: [pageContent.pageName, pageContent.sectionName],
          set: { contentValue: input.value, updatedAt: sql`now()` },
        })
        .returning();
      return written!;
    },
  });
  return row as PageContentRow;
}

export async function getContentRow(db: Database, page: string, section: string) {
  const [row] = await db
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    .limit(1);
  return row;
}
