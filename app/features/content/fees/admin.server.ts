import { eq } from "drizzle-orm";
import { feesKeys } from "~/features/content/catalogue/fees";
import { pageContent } from "~/db/schema";
import type { FeeUpdate } from "~/features/content/fees/schema";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/records/revisions.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";

/** Every fees field with its stored value, or the catalogue default until it is first saved. */
export async function listFees(db: Database): Promise<Record<string, string>> {
  const rows = await db
    .select({ section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageName, "fees"));
  const stored = new Map(rows.map((row) => [row.section, row.value]));
  return Object.fromEntries(feesKeys.map((entry) => [entry.section, stored.get(entry.section) ?? entry.default]));
}

export function updateFee(db: Database, input: FeeUpdate & { version?: number }, actor: Actor) {
  return upsertContentValue(db, { page: "fees", section: input.section, value: input.value, version: input.version, actor });
}
