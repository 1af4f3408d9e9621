// The media library: every stored upload (the upload store's originals, not their responsive
// copies, from the catalogue the uploads keep: uploads/catalogue.server.ts) with where each is
// used (usage.server.ts), and deleting a file nothing uses.
import { and, desc, eq, gte, ilike, isNull, lt, sql, type SQL } from "drizzle-orm";
import { mediaFileInfo, mediaFiles, user } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { recordEvent } from "~/features/activity/activity.server";
import { settingKeys } from "~/features/content/catalogue/settings";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { syncCatalogue, uncatalogueUpload } from "~/features/uploads/catalogue.server";
import { removeImageVariants } from "~/features/uploads/images.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/platform/person";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { Refusal } from "~/platform/refusal";
import { checkFileVersion, mediaInfoKey } from "./file-version.server";
import { latestVersions } from "~/features/records/revisions.server";
import { ensureUsageIndex, fileUsedSql, noteUnusedSince, usagesIn, type MediaUsage } from "./usage.server";
import {
  fileNameSchema,
  isVariantName,
  LONG_UNUSED_DAYS,
  type LibraryFile,
  type LibraryQuery,
  type MediaPlace,
  type Uploader,
} from "./library";
import { LIBRARY_PAGE_SIZE } from "./query";

/** The place a usage is in, with the dashboard address that opens it. */
export function placeOf(usage: MediaUsage): MediaPlace {
  const [page = "", section = ""] = usage.recordKey.replace(/@[a-z-]+$/i, "").split("/");
  const id = usage.recordKey.includes(":") ? usage.recordKey.split(":")[1]!.replace(/@.*$/, "") : "";
  const localeQuery = usage.locale === DEFAULT_LOCALE ? "" : `&locale=${encodeURIComponent(usage.locale)}`;
  let href: string;
  let key = usage.recordKey;
  switch (usage.recordKind) {
    case "setting":
      href = `/admin/settings/${settingKeys.find((entry) => entry.section === section)?.category ?? ""}`.replace(/\/$/, "");
      key = section;
      break;
    case "content":
      href = `/admin/content?page=${encodeURIComponent(page)}${localeQuery}`;
      break;
    case "landing-page":
      // A page's version in another locale (`page:3@de`) opens in its locale's editor.
      href = `/admin/other/pages?page=${id}${localeQuery}`;
      key = id;
      break;
    case "page-seo":
      href = "/admin/other/seo";
      break;
    case "legal-page":
      href = "/admin/legal";
      break;
    case "fee":
      href = "/admin/fees";
      break;
    case "menu-item":
      href = "/admin/menu";
      key = id;
      break;
    case "page-link":
      href = "/admin/settings/links";
      break;
    default:
      href = "/admin/other/history";
  }
  return {
    kind: usage.recordKind,
    key,
    locale: usage.locale,
    href,
    staged: usage.staged,
    release:
      usage.releaseId === null
        ? null
        : { id: usage.releaseId, name: usage.releaseName ?? "", href: `/admin/other/releases/${usage.releaseId}` },
  };
}

/** `%`, `_` and `\` match themselves in a name search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Unused (the usage index has no row for it) since LONG_UNUSED_DAYS days or more. */
const longUnusedSql = sql`${mediaFiles.unusedSince} <= now() - make_interval(days => ${LONG_UNUSED_DAYS}) and not ${fileUsedSql}`;

/** The catalogue's rows a query asks for. */
function conditionsOf(query: LibraryQuery): SQL[] {
  const conditions: SQL[] = [];
  // A part of the name, or of an alt text, caption or tag (the info's lower-cased search text).
  if (query.q)
    conditions.push(
      sql`(${ilike(mediaFiles.name, likePattern(query.q))} or exists (select 1 from ${mediaFileInfo} where ${mediaFileInfo.name} = ${mediaFiles.name} and ${mediaFileInfo.searchText} like ${likePattern(query.q.toLowerCase())}))`,
    );
  if (query.tag)
    conditions.push(
      sql`exists (select 1 from ${mediaFileInfo} where ${mediaFileInfo.name} = ${mediaFiles.name} and ${mediaFileInfo.tags} @> ${JSON.stringify([query.tag])}::jsonb)`,
    );
  if (query.used !== "all") conditions.push(query.used === "used" ? fileUsedSql : sql`not ${fileUsedSql}`);
  if (query.type !== "all")
    conditions.push(
      query.type === "images" ? sql`${mediaFiles.contentType} like 'image/%'` : sql`${mediaFiles.contentType} not like 'image/%'`,
    );
  if (query.uploader)
    conditions.push(query.uploader === "unknown" ? isNull(mediaFiles.uploadedBy) : eq(mediaFiles.uploadedBy, query.uploader));
  if (query.from) conditions.push(gte(mediaFiles.uploadedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(mediaFiles.uploadedAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  return conditions;
}

/** Every tag the library's files have (the tag filter's choices), the first 500 in order. */
async function libraryTags(db: Database): Promise<string[]> {
  const result = (await db.execute(
    sql`select distinct jsonb_array_elements_text(${mediaFileInfo.tags}) as tag from ${mediaFileInfo} order by 1 limit 500`,
  )) as unknown as { rows: { tag: string }[] };
  return result.rows.map((row) => row.tag);
}

/**
 * One screen of stored uploads, newest first, with their places and who uploaded them; filtered
 * by a part of the name, use, kind, uploader and days. `total` counts every file, `matching`
 * those the filters keep; `uploaders` lists the people a filter can name.
 */
export async function listLibrary(db: Database, store: UploadStore, actor: Actor, query: LibraryQuery) {
  requirePermission(actor, "uploads.create");
  await ensureUsageIndex(db);
  // Files found in the store are unused from now on, unless the index names them.
  if (await syncCatalogue(db, store)) await noteUnusedSince(db);
  const where = and(...conditionsOf(query));
  const [rows, [counts], uploaderRows, tagRows] = await Promise.all([
    db
      .select({
        name: mediaFiles.name,
        type: mediaFiles.contentType,
        size: mediaFiles.size,
        width: mediaFiles.width,
        height: mediaFiles.height,
        uploadedAt: mediaFiles.uploadedAt,
        uploadedBy: mediaFiles.uploadedBy,
        uploaderName: user.name,
        uploaderEmail: user.email,
        alt: mediaFileInfo.alt,
        decorative: mediaFileInfo.decorative,
        tags: mediaFileInfo.tags,
      })
      .from(mediaFiles)
      .leftJoin(user, eq(user.id, mediaFiles.uploadedBy))
      .leftJoin(mediaFileInfo, eq(mediaFileInfo.name, mediaFiles.name))
      .where(where)
      .orderBy(desc(mediaFiles.uploadedAt), mediaFiles.name)
      .limit(LIBRARY_PAGE_SIZE)
      .offset((query.page - 1) * LIBRARY_PAGE_SIZE),
    db
      .select({
        total: sql<number>`count(*)::int`,
        matching: where ? sql<number>`(count(*) filter (where ${where}))::int` : sql<number>`count(*)::int`,
        longUnused: sql<number>`(count(*) filter (where ${longUnusedSql}))::int`,
      })
      .from(mediaFiles),
    db
      .selectDistinct({ id: mediaFiles.uploadedBy, name: user.name, email: user.email })
      .from(mediaFiles)
      .leftJoin(user, eq(user.id, mediaFiles.uploadedBy)),
    libraryTags(db),
  ]);
  const usages = await usagesIn(
    db,
    rows.map((row) => `/uploads/${row.name}`),
  );
  const versions = await latestVersions(
    db,
    rows.map((row) => mediaInfoKey(row.name).text),
  );
  const byPath = new Map<string, MediaPlace[]>();
  for (const usage of usages) byPath.set(usage.path, [...(byPath.get(usage.path) ?? []), placeOf(usage)]);
  const files: LibraryFile[] = rows.map((row) => ({
    name: row.name,
    path: `/uploads/${row.name}`,
    type: row.type,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploadedAt.toISOString(),
    uploader: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName || row.uploaderEmail || null } : null,
    places: byPath.get(`/uploads/${row.name}`) ?? [],
    ...{ alt: row.alt ?? {}, decorative: row.decorative ?? false, tags: row.tags ?? [] },
    version: versions[mediaInfoKey(row.name).text] ?? 0,
  }));
  const uploaders: Uploader[] = uploaderRows
    .map((row) => (row.id ? { id: row.id, name: row.name || row.email || null } : { id: "unknown", name: null }))
    .sort((a, b) => (a.id === "unknown" ? 1 : b.id === "unknown" ? -1 : (a.name ?? "").localeCompare(b.name ?? "")));
  const matching = counts?.matching ?? 0;
  return {
    files,
    total: counts?.total ?? 0,
    matching,
    pages: Math.max(1, Math.ceil(matching / LIBRARY_PAGE_SIZE)),
    longUnused: counts?.longUnused ?? 0,
    uploaders,
    tags: tagRows,
  };
}

/**
 * Deletes a stored upload with its copies and info, when nothing uses it, live or staged: a file
 * in use is refused (409) with its places. The usage index is held still meanwhile (a write that
 * would name the file waits), so no save can start using it between the check and the removal.
 * From a page opened at `version`: refused (409) when the file has changed since.
 */
export async function deleteMediaFile(db: Database, store: UploadStore, actor: Actor, fileName: string, version?: number) {
  requirePermission(actor, "media.delete");
  const m = messagesOf(adminLanguageOf(actor?.language)).media;
  const parsed = fileNameSchema.safeParse(fileName);
  if (!parsed.success || isVariantName(fileName)) throw new Refusal(400, m.invalidName);
  const name = parsed.data;
  await ensureUsageIndex(db);
  await db.transaction(async (transaction) => {
    await transaction.execute(sql`lock table media_usages in share mode`);
    // Changed by another administrator since the library showed it: 409, nothing deleted.
    await checkFileVersion(transaction, name, version);
    const places = (await usagesIn(transaction, [`/uploads/${name}`])).map(placeOf);
    if (places.length > 0) {
      const texts = places.map((place) => {
        const where = (m.places as Record<string, (p: { key: string }) => string>)[place.kind] ?? m.places.other;
        return `${where({ key: place.key })} (${place.release ? m.staged({ release: place.release.name }) : m.live})`;
      });
      throw new Refusal(409, m.inUse({ places: texts.join("; ") }), { details: { places } });
    }
    const [exists] = await store.listDetails(`uploads/${name}`).then((found) => found.filter((object) => object.key === `uploads/${name}`));
    // A file gone from the store (removed by hand) but still in the catalogue is taken out of it.
    const catalogued = await transaction.select({ name: mediaFiles.name }).from(mediaFiles).where(eq(mediaFiles.name, name));
    if (!exists && catalogued.length === 0) throw new Refusal(404, m.notFound);
    await forgetFile(transaction, name);
    // The log's line commits with the deletion.
    await recordEvent(transaction, { kind: "uploads.delete", area: "uploads", actor, target: name });
    await store.remove([`uploads/${name}`]);
    await removeImageVariants(store, name);
  });
}

/**
 * Takes a deleted file out of the catalogue and drops what was said of it (its page's alt text,
 * tags and focal point, `media_file_info`), in the deletion's transaction: nothing is left to name
 * a file that is gone. Its revisions stay in the history, like any deleted record's.
 */
async function forgetFile(transaction: Parameters<Parameters<Database["transaction"]>[0]>[0], name: string) {
  await uncatalogueUpload(transaction, name);
  await transaction.delete(mediaFileInfo).where(eq(mediaFileInfo.name, name));
}

/**
 * Deletes every file unused for LONG_UNUSED_DAYS days or more, with its copies and info, a
 * hundred at a time, each hundred while the usage index is held still (as for one file); the
 * names deleted, oldest unused first.
 */
export async function deleteLongUnusedFiles(db: Database, store: UploadStore, actor: Actor) {
  requirePermission(actor, "media.delete");
  await ensureUsageIndex(db);
  const deleted: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (transaction) => {
      await transaction.execute(sql`lock table media_usages in share mode`);
      const rows = await transaction
        .select({ name: mediaFiles.name })
        .from(mediaFiles)
        .where(longUnusedSql)
        .orderBy(mediaFiles.unusedSince, mediaFiles.name)
        .limit(100);
      if (rows.length > 0)
        await recordEvent(transaction, {
          kind: "uploads.delete_unused",
          area: "uploads",
          actor,
          details: { files: rows.map((row) => row.name), days: LONG_UNUSED_DAYS },
        });
      for (const { name } of rows) {
        await forgetFile(transaction, name);
        await store.remove([`uploads/${name}`]);
        await removeImageVariants(store, name);
      }
      return rows.map((row) => row.name);
    });
    deleted.push(...batch);
    if (batch.length < 100) return deleted;
  }
}
