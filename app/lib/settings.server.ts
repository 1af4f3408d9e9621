import { and, eq, sql } from "drizzle-orm";
import { findKey } from "~/content/catalogue";
import type { ContentType } from "~/content/types";
import { pageContent } from "~/db/schema";
import { notifyContentChanged } from "./content.server";
import type { Database } from "./db.server";

/**
 * Writes one value by page and section, creating the row when it is missing (so settings
 * absent from the database stay editable), then invalidates cached reads.
 */
export async function upsertContentValue(
  db: Database,
  input: { page: string; section: string; value: string; type?: ContentType },
) {
  const type = input.type ?? findKey(input.page, input.section)?.type ?? "text";
  const [row] = await db
    .insert(pageContent)
    .values({
      pageName: input.page,
      sectionName: input.section,
      contentType: type,
      contentValue: input.value,
    })
    .onConflictDoUpdate({
      target: [pageContent.pageName, pageContent.sectionName],
      set: { contentValue: input.value, updatedAt: sql`now()` },
    })
    .returning();
  await notifyContentChanged(db);
  return row!;
}

export async function getContentRow(db: Database, page: string, section: string) {
  const [row] = await db
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    .limit(1);
  return row;
}
