// The record kinds of this feature: page content rows (a content key, a setting, a fee, a legal
// page, a page link) and menu items. Other features claim page content rows of their own (the
// fixed pages' SEO) with registerContentRowKind; a row no one claims is a content key.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { menuItems, pageContent } from "~/db/schema";
import { contentTypes } from "~/features/content/catalogue/types";
import { nextSerialId } from "~/features/records/ids.server";
import { kindOf, recordKey, registerRecordKind, type RecordKey } from "~/features/records/kinds";
import { applyTranslation, isTranslationKey, readTranslations } from "~/features/records/translations.server";
import { isLegalPageRow } from "./schema";
import {
  applyContentSnapshot,
  applyMenuSnapshot,
  contentSnapshot,
  menuSnapshot,
  type ContentSnapshot,
  type MenuSnapshot,
} from "./internal/snapshots.server";

const CONTENT_ID = /^([a-z0-9_-]{1,100})\/([a-z0-9_-]{1,100})$/i;

/** `home/hero_title` → page and section. */
export function splitContentId(id: string) {
  const slash = id.indexOf("/");
  return { page: id.slice(0, slash), section: id.slice(slash + 1) };
}

const contentSnapshotSchema = z.object({
  pageName: z.string().min(1).max(100),
  sectionName: z.string().min(1).max(100),
  contentType: z.enum(contentTypes),
  contentValue: z.string(),
  richContent: z.unknown().nullable().default(null),
  pageUrl: z.string().nullable().default(null),
});

const menuSnapshotSchema = z.object({
  id: z.number().int().positive(),
  displayName: z.string(),
  url: z.string(),
  menuType: z.enum(["header", "footer"]),
  sortOrder: z.number().int(),
  sectionName: z.string(),
  isActive: z.boolean(),
});

interface ContentRowKind {
  name: string;
  area: string;
  claims(page: string, section: string): boolean;
}

const claimants: ContentRowKind[] = [];

const contentIdText = sql<string>`${pageContent.pageName} || '/' || ${pageContent.sectionName}`;

/** Registers a kind of page content row: the rows it claims, its area in the history and the log. */
export function registerContentRowKind(kind: ContentRowKind) {
  const index = claimants.findIndex((claimant) => claimant.name === kind.name);
  if (index >= 0) claimants.splice(index, 1);
  if (kind.name !== "content") claimants.push(kind);
  const belongs = (page: string, section: string) =>
    kind.name === "content" ? !claimants.some((claimant) => claimant.claims(page, section)) : kind.claims(page, section);
  registerRecordKind<ContentSnapshot>({
    name: kind.name,
    prefix: null,
    area: kind.area,
    table: "page_content",
    matches(id) {
      const match = CONTENT_ID.exec(id);
      return match !== null && belongs(match[1]!, match[2]!);
    },
    parse: (value) => (value === null ? null : (contentSnapshotSchema.parse(value) as ContentSnapshot)),
    conflictValue: (value) => value?.contentValue ?? null,
    async read(executor, keys) {
      // Another locale's values are translations (app/features/records/translations.server.ts).
      const own = keys.filter((key) => !isTranslationKey(key));
      const translated = await readTranslations<ContentSnapshot>(executor, keys.filter(isTranslationKey));
      const rows =
        own.length === 0
          ? []
          : await executor
              .select()
              .from(pageContent)
              .where(
                inArray(
                  contentIdText,
                  own.map((key) => key.id),
                ),
              );
      const byId = new Map(rows.map((row) => [`${row.pageName}/${row.sectionName}`, contentSnapshot(row)]));
      return new Map(
        keys.map((key) => [key.text, isTranslationKey(key) ? (translated.get(key.text) ?? null) : (byId.get(key.id) ?? null)]),
      );
    },
    async list(executor) {
      const rows = await executor.select().from(pageContent).orderBy(asc(pageContent.pageName), asc(pageContent.sectionName));
      return new Map(
        rows
          .filter((row) => belongs(row.pageName, row.sectionName))
          .map((row) => [contentRecordKey(row.pageName, row.sectionName).text, contentSnapshot(row)!]),
      );
    },
    async apply(executor, key, value) {
      const { page, section } = splitContentId(key.id);
      if (isTranslationKey(key)) {
        // The default locale's text now: the translation is stale once that changes.
        const [source] = await executor
          .select({ value: pageContent.contentValue })
          .from(pageContent)
          .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)));
        return applyTranslation(executor, key, value, source?.value ?? "");
      }
      return contentSnapshot(await applyContentSnapshot(executor, page, section, value));
    },
  });
}

/** The key of a page content row, whichever kind claims it. */
export function contentRecordKey(page: string, section: string, locale?: string): RecordKey {
  const claimant = claimants.find((kind) => kind.claims(page, section));
  return recordKey(claimant?.name ?? "content", `${page}/${section}`, locale);
}

/** The dashboard area a page content row belongs to, as the history and the log name it. */
export const contentArea = (page: string, section: string) => kindOf(contentRecordKey(page, section)).area;

export const menuRecordKey = (id: number, locale?: string) => recordKey("menu-item", id, locale);

/** Registers this feature's kinds (app/record-kinds.server.ts calls it once). */
export function registerContentKinds() {
  registerContentRowKind({ name: "setting", area: "settings", claims: (page) => page === "global" });
  registerContentRowKind({ name: "fee", area: "fees", claims: (page) => page === "fees" });
  registerContentRowKind({ name: "legal-page", area: "legal", claims: isLegalPageRow });
  registerContentRowKind({
    name: "page-link",
    area: "page-links",
    claims: (page, section) => section === "page_url" && page !== "global" && page !== "fees",
  });
  registerContentRowKind({ name: "content", area: "content", claims: () => false });
  registerRecordKind<MenuSnapshot>({
    name: "menu-item",
    prefix: "menu",
    area: "menu",
    table: "menu_items",
    matches: (id) => /^\d{1,9}$/.test(id),
    parse: (value) => (value === null ? null : menuSnapshotSchema.parse(value)),
    async read(executor, keys) {
      // A label in another locale is a translation of the item (its other fields stay the item's).
      const own = keys.filter((key) => !isTranslationKey(key));
      const translated = await readTranslations<MenuSnapshot>(executor, keys.filter(isTranslationKey));
      const ids = own.map((key) => Number(key.id));
      const rows = ids.length === 0 ? [] : await executor.select().from(menuItems).where(inArray(menuItems.id, ids));
      const byId = new Map(rows.map((row) => [row.id, menuSnapshot(row)]));
      return new Map(
        keys.map((key) => [key.text, isTranslationKey(key) ? (translated.get(key.text) ?? null) : (byId.get(Number(key.id)) ?? null)]),
      );
    },
    async list(executor) {
      const rows = await executor.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
      return new Map(rows.map((row) => [menuRecordKey(row.id).text, menuSnapshot(row)!]));
    },
    async apply(executor, key, value) {
      if (!isTranslationKey(key)) return menuSnapshot(await applyMenuSnapshot(executor, Number(key.id), value));
      const [source] = await executor
        .select({ label: menuItems.displayName })
        .from(menuItems)
        .where(eq(menuItems.id, Number(key.id)));
      return applyTranslation(executor, key, value, source?.label ?? "");
    },
    allocateId: (executor) => nextSerialId(executor, "menu_items"),
  });
}
