// A file's page: its facts from the library's catalogue, where it is used, and what an
// administrator says about it (alt text and caption per locale, decorative, tags, focal point).
// That is a record kind of the record store (`media:<name>`, table media_file_info), so every
// save is checked against the version the page was opened at (409 with the content's conflict
// message), recorded as a revision with its log line, staged into a release being drafted like
// any content, restorable from the history, and carried by backups with the rest of the tables.
import { asc, eq, inArray } from "drizzle-orm";
import { mediaFileInfo, mediaFiles, siteLocales, user, type MediaFileInfoRow } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { Executor } from "~/features/records/executor";
import { registerRecordKind, type RecordKey } from "~/features/records/kinds";
import { latestVersions } from "~/features/records/revisions.server";
import { writeRecords } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import type { Actor, Person } from "~/platform/person";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { Refusal } from "~/platform/refusal";
import { emptyMediaInfo, mediaInfoSchema, type MediaFileView, type MediaInfo } from "./info";
import { fileNameSchema, isVariantName } from "./library";
import { placeOf } from "./library.server";
import { ensureUsageIndex, usagesIn } from "./usage.server";
import { MEDIA_KIND, mediaInfoKey } from "./file-version.server";

export { mediaInfoKey } from "./file-version.server";

const TABLE = "media_file_info";

/** A value as text with every object's keys sorted (the database keeps jsonb keys in an order of its own). */
const stableText = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

/** Lower-cased alt texts, captions and tags: what the library's search matches. */
export const searchTextOf = (info: MediaInfo) =>
  [...Object.values(info.alt), ...Object.values(info.caption), ...info.tags].join("\n").toLowerCase();

function infoOf(row: MediaFileInfoRow): MediaInfo {
  return {
    alt: row.alt,
    decorative: row.decorative,
    caption: row.caption,
    tags: row.tags,
    focal: row.focalX === null || row.focalY === null ? null : { x: row.focalX, y: row.focalY },
    replacedBy: row.replacedBy,
    previous: row.previous,
  };
}

/** Registers `media:<name>` with the record store (app/record-kinds.server.ts calls it). */
export function registerMediaKinds() {
  registerRecordKind<MediaInfo>({
    name: MEDIA_KIND,
    prefix: "media",
    // The activity log's and history's area; its permission is content.edit (access/matrix.ts).
    area: "uploads",
    table: TABLE,
    matches: (id) => fileNameSchema.safeParse(id).success && !isVariantName(id),
    parse: (value) => (value === null ? null : mediaInfoSchema.parse(value)),
    async read(executor, keys) {
      const rows = await executor
        .select()
        .from(mediaFileInfo)
        .where(
          inArray(
            mediaFileInfo.name,
            keys.map((key) => key.id),
          ),
        );
      const byName = new Map(rows.map((row) => [row.name, infoOf(row)]));
      return new Map(keys.map((key) => [key.text, byName.get(key.id) ?? null]));
    },
    async list(executor) {
      const rows = await executor.select().from(mediaFileInfo).orderBy(asc(mediaFileInfo.name));
      return new Map(rows.map((row) => [mediaInfoKey(row.name).text, infoOf(row)]));
    },
    apply: (executor, key, value) => applyInfo(executor, key, value),
  });
}

async function applyInfo(executor: Executor, key: RecordKey, value: MediaInfo | null): Promise<MediaInfo | null> {
  if (value === null) {
    await executor.delete(mediaFileInfo).where(eq(mediaFileInfo.name, key.id));
    return null;
  }
  const row = {
    alt: value.alt,
    decorative: value.decorative,
    caption: value.caption,
    tags: value.tags,
    focalX: value.focal?.x ?? null,
    focalY: value.focal?.y ?? null,
    replacedBy: value.replacedBy,
    previous: value.previous,
    searchText: searchTextOf(value),
  };
  await executor
    .insert(mediaFileInfo)
    .values({ name: key.id, ...row })
    .onConflictDoUpdate({ target: mediaFileInfo.name, set: row });
  return value;
}

/** The site's locales, default first (the alt text and caption fields). */
async function localesOf(db: Database) {
  const rows = await db.select().from(siteLocales).orderBy(asc(siteLocales.position), asc(siteLocales.code));
  const codes = rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((row) => row.code);
  return codes.length > 0 ? codes : [DEFAULT_LOCALE];
}

const defaultLocaleOf = async (db: Database) =>
  (await db.select({ code: siteLocales.code }).from(siteLocales).where(eq(siteLocales.isDefault, true)))[0]?.code ?? DEFAULT_LOCALE;

/** A file's page: its facts, places and info; a 404 refusal when the library has no such file. */
export async function loadMediaFile(db: Database, actor: Actor, fileName: string): Promise<MediaFileView> {
  requirePermission(actor, "uploads.create");
  const m = messagesOf(adminLanguageOf(actor?.language)).media;
  const parsed = fileNameSchema.safeParse(fileName);
  if (!parsed.success || isVariantName(fileName)) throw new Refusal(404, m.notFound);
  const name = parsed.data;
  const [file] = await db
    .select({ file: mediaFiles, uploaderName: user.name, uploaderEmail: user.email })
    .from(mediaFiles)
    .leftJoin(user, eq(user.id, mediaFiles.uploadedBy))
    .where(eq(mediaFiles.name, name));
  if (!file) throw new Refusal(404, m.notFound);
  await ensureUsageIndex(db);
  const key = mediaInfoKey(name);
  const [rows, usages, versions, locales, defaultLocale] = await Promise.all([
    db.select().from(mediaFileInfo).where(eq(mediaFileInfo.name, name)),
    usagesIn(db, [`/uploads/${name}`]),
    latestVersions(db, [key.text]),
    localesOf(db),
    defaultLocaleOf(db),
  ]);
  const known = Boolean(file.file.uploadedBy);
  return {
    name,
    path: `/uploads/${name}`,
    type: file.file.contentType,
    size: file.file.size,
    width: file.file.width,
    height: file.file.height,
    uploader: file.file.uploadedBy ? { id: file.file.uploadedBy, name: file.uploaderName || file.uploaderEmail || null } : null,
    // A file found in the store has the time it was found, not when it was uploaded.
    uploadedAt: known ? file.file.uploadedAt.toISOString() : null,
    places: usages.map(placeOf),
    info: rows[0] ? infoOf(rows[0]) : emptyMediaInfo(),
    version: versions[key.text] ?? 0,
    locales,
    defaultLocale,
  };
}

/**
 * Saves a file's info through the record store, checked against `version` (the one its page was
 * opened at): live, or staged into the actor's release. An image used on the site must have alt
 * text in the site's default locale unless it is marked decorative; only an image has a focal
 * point. False when nothing changed.
 */
export async function saveMediaInfo(db: Database, actor: Person, fileName: string, version: number | undefined, input: MediaInfo) {
  requirePermission(actor, "uploads.create");
  const m = messagesOf(adminLanguageOf(actor.language)).media;
  const parsed = fileNameSchema.safeParse(fileName);
  if (!parsed.success || isVariantName(fileName)) throw new Refusal(404, m.notFound);
  const name = parsed.data;
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.name, name));
  if (!file) throw new Refusal(404, m.notFound);
  const info = mediaInfoSchema.parse(input);
  const image = file.contentType.startsWith("image/");
  if (info.focal && !image) throw new Refusal(400, m.file.focalNotImage, { fieldErrors: { focalX: [m.file.focalNotImage] } });
  if (image && !info.decorative) {
    await ensureUsageIndex(db);
    const used = (await usagesIn(db, [`/uploads/${name}`])).length > 0;
    const locale = await defaultLocaleOf(db);
    if (used && !info.alt[locale])
      throw new Refusal(400, m.file.altRequired({ locales: locale }), {
        fieldErrors: { [`alt.${locale}`]: [m.file.altRequired({ locales: locale })] },
      });
  }
  const key = mediaInfoKey(name);
  return writeRecords(db, {
    actor,
    action: "update",
    key,
    version,
    async plan(_context, before) {
      // The versions are the replacements' to say, not the form's.
      const was = (before as MediaInfo | null) ?? emptyMediaInfo();
      const after = { ...info, replacedBy: was.replacedBy, previous: was.previous };
      if (stableText(mediaInfoSchema.parse(was)) === stableText(after)) return false;
      return { result: name, changes: [{ key, after }] };
    },
  });
}
