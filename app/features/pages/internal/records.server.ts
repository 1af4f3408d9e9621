// The record kinds of this feature: a landing page (`page:<id>`) and a redirect
// (`redirect:<id>`), what a revision of each records, and putting one back live.
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { landingPages, redirects, type LandingPageRow, type RedirectRow } from "~/db/schema";
import { nextSerialId } from "~/features/records/ids.server";
import { recordKey, registerRecordKind, type RecordKey, type RecordKind } from "~/features/records/kinds";
import type { Executor } from "~/features/records/executor";
import { applyTranslation, isTranslationKey, listTranslations, readTranslations } from "~/features/records/translations.server";
import { DEFAULT_LOCALE, splitKey } from "~/platform/record-key";

/** A page's record value: its row without `updatedAt`, the end time as ISO text (revisions and releases hold JSON). */
export type PageSnapshot = Omit<LandingPageRow, "updatedAt" | "endsAt"> & { endsAt: string | null };
export type RedirectSnapshot = Pick<RedirectRow, "id" | "fromPath" | "toPath" | "status" | "automatic">;

export const pageRecordKey = (id: number, locale?: string) => recordKey("landing-page", id, locale);
export const redirectRecordKey = (id: number, locale?: string) => recordKey("redirect", id, locale);
export const pageKey = (id: number) => pageRecordKey(id).text;

/**
 * A landing page's version in a locale other than the default (`page:12@de`, kept in
 * record_translations): its own address (without the locale's prefix: `/aktion` answers at
 * `/de/aktion`), title, status, blocks and SEO. The page's other fields (end time, redirects) are
 * the default locale's.
 */
export interface PageTranslation {
  id: number;
  locale: string;
  path: string;
  title: string;
  status: "draft" | "published" | "unpublished";
  seo: unknown;
  blocks: unknown;
}

/** A value of the landing-page kind: the default locale's page, or one locale's version of it. */
export type PageRecord = PageSnapshot | PageTranslation;

export const isPageTranslation = (value: unknown): value is PageTranslation =>
  !!value && typeof value === "object" && typeof (value as { locale?: unknown }).locale === "string";

/** Whether a key text names a record in the default locale (`page:12`, not `page:12@de`). */
export const isDefaultLocaleKey = (text: string) => splitKey(text)?.locale === DEFAULT_LOCALE;

/** The default locale's pages among a kind's records (a list holds every locale's versions). */
export const defaultPagesOf = (records: ReadonlyMap<string, unknown>) =>
  [...records].filter(([key]) => isDefaultLocaleKey(key)).map(([, value]) => value as PageSnapshot);

/** One locale's versions among a kind's records. */
export const translationsOf = (records: ReadonlyMap<string, unknown>, locale: string) =>
  [...records.values()].filter((value): value is PageTranslation => isPageTranslation(value) && value.locale === locale);
export const redirectKey = (id: number) => redirectRecordKey(id).text;

export function pageSnapshot(row: LandingPageRow | undefined): PageSnapshot | null {
  if (!row) return null;
  const { updatedAt: _updatedAt, endsAt, ...rest } = row;
  return { ...rest, endsAt: endsAt ? endsAt.toISOString() : null };
}

export function redirectSnapshot(row: RedirectRow | undefined): RedirectSnapshot | null {
  if (!row) return null;
  const { id, fromPath, toPath, status, automatic } = row;
  return { id, fromPath, toPath, status, automatic };
}

const pageSchema = z.object({
  id: z.number().int().positive(),
  path: z.string().min(1),
  title: z.string(),
  status: z.enum(["draft", "published", "unpublished"]),
  unpublishedRedirect: z.string().nullable(),
  // Revisions written before end times existed have none of these.
  unpublishedRedirectStatus: z.number().int().nullable().default(null),
  endsAt: z
    .string()
    .nullable()
    .default(null)
    .transform((text) => (text === null ? null : new Date(text).toISOString())),
  endRedirect: z.string().nullable().default(null),
  endRedirectStatus: z.number().int().nullable().default(null),
  seo: z.unknown(),
  blocks: z.unknown(),
});

const translationSchema = z.object({
  id: z.number().int().positive(),
  locale: z.string().min(2).max(35),
  path: z.string().min(1),
  title: z.string(),
  status: z.enum(["draft", "published", "unpublished"]),
  seo: z.unknown(),
  blocks: z.unknown(),
});

const redirectSchema = z.object({
  id: z.number().int().positive(),
  fromPath: z.string().min(1),
  toPath: z.string().min(1),
  status: z.number().int(),
  automatic: z.boolean(),
});

const ID = /^\d{1,9}$/;
const ids = (keys: RecordKey[]) => keys.map((key) => Number(key.id));

type Restore = NonNullable<RecordKind["restore"]>;

/** Registers this feature's kinds, with their restore rules (register.server.ts). */
export function registerPageRecordKinds(restore: Restore) {
  registerRecordKind<PageRecord>({
    restore: restore as RecordKind<PageRecord>["restore"],
    name: "landing-page",
    prefix: "page",
    area: "pages",
    table: "landing_pages",
    matches: (id) => ID.test(id),
    parse: (value) =>
      value === null
        ? null
        : isPageTranslation(value)
          ? (translationSchema.parse(value) as PageTranslation)
          : (pageSchema.parse(value) as PageSnapshot),
    async read(executor, keys) {
      // Another locale's version is a translation (app/features/records/translations.server.ts).
      const own = keys.filter((key) => !isTranslationKey(key));
      const translated = await readTranslations<PageTranslation>(executor, keys.filter(isTranslationKey));
      const rows =
        own.length === 0
          ? []
          : await executor
              .select()
              .from(landingPages)
              .where(inArray(landingPages.id, ids(own)));
      const byId = new Map(rows.map((row) => [row.id, pageSnapshot(row)]));
      return new Map<string, PageRecord | null>(
        keys.map((key) => [key.text, isTranslationKey(key) ? (translated.get(key.text) ?? null) : (byId.get(Number(key.id)) ?? null)]),
      );
    },
    async list(executor) {
      // Every locale's versions: the default's pages, then each page's versions in other locales.
      const [rows, translations] = await Promise.all([
        executor.select().from(landingPages).orderBy(asc(landingPages.path)),
        listTranslations(executor, { prefix: "page:" }),
      ]);
      const records = new Map<string, PageRecord>(rows.map((row) => [pageKey(row.id), pageSnapshot(row)!]));
      for (const row of translations) {
        const id = Number(row.record.slice("page:".length));
        if (ID.test(String(id))) records.set(pageRecordKey(id, row.locale).text, row.value as PageTranslation);
      }
      return records;
    },
    async apply(executor, key, value) {
      if (!isTranslationKey(key)) return applyPageSnapshot(executor, Number(key.id), value as PageSnapshot | null);
      // The default locale's title when the version was saved: its source, for staleness.
      const [source] = await executor
        .select({ title: landingPages.title })
        .from(landingPages)
        .where(eq(landingPages.id, Number(key.id)));
      return applyTranslation(executor, key, value as PageTranslation | null, source?.title ?? "");
    },
    allocateId: (executor) => nextSerialId(executor, "landing_pages"),
  });
  registerRecordKind<RedirectSnapshot>({
    restore: restore as RecordKind<RedirectSnapshot>["restore"],
    name: "redirect",
    prefix: "redirect",
    area: "redirects",
    table: "redirects",
    matches: (id) => ID.test(id),
    parse: (value) => (value === null ? null : (redirectSchema.parse(value) as RedirectSnapshot)),
    async read(executor, keys) {
      const rows = await executor
        .select()
        .from(redirects)
        .where(inArray(redirects.id, ids(keys)));
      const byId = new Map(rows.map((row) => [row.id, redirectSnapshot(row)]));
      return new Map(keys.map((key) => [key.text, byId.get(Number(key.id)) ?? null]));
    },
    async list(executor) {
      const rows = await executor.select().from(redirects).orderBy(asc(redirects.fromPath));
      return new Map(rows.map((row) => [redirectKey(row.id), redirectSnapshot(row)!]));
    },
    apply: (executor, key, value) => applyRedirectSnapshot(executor, Number(key.id), value),
    allocateId: (executor) => nextSerialId(executor, "redirects"),
  });
}

/** Puts a page in place under its own id as a snapshot says; null removes it. */
async function applyPageSnapshot(executor: Executor, id: number, snapshot: PageSnapshot | null): Promise<PageSnapshot | null> {
  if (!snapshot) {
    await executor.delete(landingPages).where(eq(landingPages.id, id));
    return null;
  }
  const { id: _id, endsAt, ...rest } = snapshot;
  const values = { ...rest, endsAt: endsAt === null ? null : new Date(endsAt) };
  const [row] = await executor
    .insert(landingPages)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: landingPages.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return pageSnapshot(row);
}

/** Puts a redirect in place under its own id (its hit count kept when it still exists); null removes it. */
async function applyRedirectSnapshot(executor: Executor, id: number, snapshot: RedirectSnapshot | null): Promise<RedirectSnapshot | null> {
  if (!snapshot) {
    await executor.delete(redirects).where(eq(redirects.id, id));
    return null;
  }
  const { id: _id, ...values } = snapshot;
  const [row] = await executor
    .insert(redirects)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: redirects.id, set: values })
    .returning();
  return redirectSnapshot(row);
}
