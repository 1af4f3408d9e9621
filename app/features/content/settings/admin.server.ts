import { eq } from "drizzle-orm";
import { settingKeys } from "~/features/content/catalogue/settings";
import { pageContent } from "~/db/schema";
import type { SettingUpdate } from "~/features/content/settings/schema";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/features/records/revisions.server";
import { upsertContentValue } from "./settings.server";

/**
 * Every global setting of the catalogue with the value the dashboard edits: the stored one,
 * or the catalogue default while the key has never been saved (its first save creates the row).
 */
export async function listSettings(db: Database): Promise<Record<string, string>> {
  const rows = await db
    .select({ section: pageContent.sectionName, value: pageContent.contentValue })
    .from(pageContent)
    .where(eq(pageContent.pageName, "global"));
  const stored = new Map(rows.map((row) => [row.section, row.value]));
  return Object.fromEntries(settingKeys.map((entry) => [entry.section, stored.get(entry.section) ?? entry.default]));
}

export function updateSetting(db: Database, input: SettingUpdate & { version?: number }, actor: Actor) {
  return upsertContentValue(db, { page: "global", section: input.section, value: input.value, version: input.version, actor });
}
