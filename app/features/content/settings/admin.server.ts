import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z, type ZodError } from "zod";
import type { ActionFailure, ActionResult } from "~/components/admin/settings/action-result";
import { settingKeys } from "~/features/content/catalogue/settings";
import { pageContent } from "~/db/schema";
import type { SettingUpdate } from "~/features/content/settings/schema";
import type { Database } from "~/platform/db.server";
import type { Actor, VersionConflictError } from "~/features/history/revisions.server";
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

/** A refused form: 400 with the first problem and every field's messages (STYLE rule 6). */
export function validationFailure(error: ZodError) {
  const failure: ActionFailure = {
    ok: false,
    code: "validation",
    message: error.issues[0]?.message ?? "Invalid input",
    fieldErrors: z.flattenError(error).fieldErrors as Record<string, string[] | undefined>,
  };
  return data(failure, { status: 400 });
}

export function actionFailure(code: ActionFailure["code"], status: number, message?: string) {
  return data({ ok: false, code, message } satisfies ActionFailure, { status });
}

export const actionSuccess = () => ({ ok: true }) satisfies ActionResult;

/** A save refused because the value changed since its editor opened: 409 with the value now stored. */
export function conflictFailure(error: VersionConflictError) {
  return data({ ok: false, code: "conflict", message: error.message, conflict: error.current } satisfies ActionFailure, { status: 409 });
}
