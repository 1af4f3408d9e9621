import { and, eq } from "drizzle-orm";
import { findKey } from "~/features/content/catalogue/catalogue";
import type { ContentType } from "~/features/content/catalogue/types";
import { pageContent } from "~/db/schema";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/records/revisions.server";

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
  const value = await writeContentRow(db, {
    page: input.page,
    section: input.section,
    actor: input.actor ?? null,
    version: input.version,
    action: "update",
    change: (before) => (before ? { ...before, contentValue: input.value } : newContentRow(input.page, input.section, type, input.value)),
  });
  // The row's id, when it is live (a staged value has none yet).
  const row = await getContentRow(db, input.page, input.section);
  return { ...(value || newContentRow(input.page, input.section, type, input.value)), id: row?.id ?? 0 };
}

export async function getContentRow(db: Database, page: string, section: string) {
  const [row] = await db
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    .limit(1);
  return row;
}
