// The site's locales: the stored list (read once per content version and kept in memory, since
// every public request asks which locales there are), and the administrators' changes to it.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { releaseChanges, releases, siteLocales } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { addContentReader, notifyContentChanged } from "~/features/records/version.server";
import { notePublished } from "~/features/records/published.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { requirePermission } from "~/features/access/require.server";
import { Refusal } from "~/platform/refusal";
import { DEFAULT_LOCALE, localeName } from "./allow-list";
import { localeIntents, localeMessages, type LocaleAction, type MeasureCompleteness, type SiteLocale } from "./schema";

const TABLE = "site_locales";

async function readLocales(db: Database): Promise<SiteLocale[]> {
  const rows = await db.select().from(siteLocales).orderBy(asc(siteLocales.position), asc(siteLocales.code));
  const list = rows.map((row) => ({ code: row.code, name: localeName(row.code), state: row.state, isDefault: row.isDefault }));
  // A database without the row (never expected after the migration) still has its default.
  if (!list.some((locale) => locale.isDefault))
    return [{ code: DEFAULT_LOCALE, name: localeName(DEFAULT_LOCALE), state: "public", isDefault: true }, ...list];
  return list;
}

let kept: SiteLocale[] | undefined;

addContentReader({
  name: "site locales",
  tables: [TABLE],
  async prepare(db) {
    const next = await readLocales(db);
    return () => {
      kept = next;
    };
  },
  drop() {
    kept = undefined;
  },
});

/** Every site locale, the default first, then in the order they were added. */
export async function listSiteLocales(db: Database): Promise<SiteLocale[]> {
  if (!kept) kept = await readLocales(db);
  return kept;
}

/** The list as kept for the current content version, without a read (undefined before the first). */
export const keptSiteLocales = (): SiteLocale[] | undefined => kept;

/** The locale served without a prefix. */
export async function defaultSiteLocale(db: Database): Promise<string> {
  return (await listSiteLocales(db)).find((locale) => locale.isDefault)!.code;
}

/** The names of the releases not yet published that a scheduled publish would change the locale in. */
async function scheduledReleasesChanging(db: Database, code: string) {
  const rows = await db
    .selectDistinct({ id: releases.id, name: releases.name })
    .from(releaseChanges)
    .innerJoin(releases, eq(releases.id, releaseChanges.releaseId))
    .where(and(eq(releaseChanges.locale, code), inArray(releases.state, ["scheduled"])))
    .orderBy(asc(releases.id));
  return rows.map((row) => `«${row.name}»`);
}

/**
 * Carries out one administrator's change to the list, logged, and tells the public readers.
 * Switching a locale on publicly needs its translation complete (`measure`), or the action's
 * override, which the log records with the figure.
 */
export async function changeSiteLocales(db: Database, action: LocaleAction, actor: Person, measure: MeasureCompleteness<Database>) {
  requirePermission(actor, "settings.edit");
  await db.transaction(async (tx) => {
    // One change to the list at a time: the checks below read what the others wrote.
    await tx.execute(sql`lock table site_locales in share row exclusive mode`);
    const rows = await tx.select().from(siteLocales);
    const row = rows.find((candidate) => candidate.code === action.code);
    // Every change to the list changes which pages are served in which locale (the archive notes it).
    const log = async (kind: string, details: Record<string, unknown> = {}) => {
      await recordEvent(tx, { kind: `locale.${kind}`, area: "locales", actor, target: action.code, details });
      await notePublished(tx, { kind: `locale.${kind}`, actor });
    };
    switch (action.intent) {
      case localeIntents.add: {
        if (row) throw new Refusal(409, localeMessages.alreadyAdded);
        const position = Math.max(0, ...rows.map((candidate) => candidate.position)) + 1;
        await tx.insert(siteLocales).values({ code: action.code, state: "draft", position });
        await log("create");
        return;
      }
      case localeIntents.remove: {
        if (!row) throw new Refusal(404, localeMessages.notAdded);
        if (row.isDefault) throw new Refusal(409, localeMessages.removeDefault);
        const scheduled = await scheduledReleasesChanging(tx as unknown as Database, action.code);
        if (scheduled.length > 0) throw new Refusal(409, localeMessages.scheduledChanges(scheduled));
        await tx.delete(siteLocales).where(eq(siteLocales.code, action.code));
        await log("delete");
        return;
      }
      case localeIntents.setDefault: {
        if (!row) throw new Refusal(404, localeMessages.notAdded);
        if (row.state !== "public") throw new Refusal(409, localeMessages.defaultMustBePublic);
        if (row.isDefault) return;
        await tx.update(siteLocales).set({ isDefault: false }).where(eq(siteLocales.isDefault, true));
        await tx.update(siteLocales).set({ isDefault: true }).where(eq(siteLocales.code, action.code));
        await log("default");
        return;
      }
      case localeIntents.setState: {
        if (!row) throw new Refusal(404, localeMessages.notAdded);
        if (row.isDefault && action.state === "draft") throw new Refusal(409, localeMessages.draftDefault);
        if (row.state === action.state) return;
        if (action.state === "public" && !row.isDefault) {
          const { complete, total } = await measure(tx as unknown as Database, action.code);
          if (complete < total && !action.override) throw new Refusal(409, localeMessages.incomplete);
          await tx.update(siteLocales).set({ state: "public" }).where(eq(siteLocales.code, action.code));
          await log(complete < total ? "publish_incomplete" : "publish", { complete, total });
          return;
        }
        await tx.update(siteLocales).set({ state: action.state }).where(eq(siteLocales.code, action.code));
        await log(action.state === "public" ? "publish" : "draft");
        return;
      }
    }
  });
  await notifyContentChanged(db, [TABLE]);
}
