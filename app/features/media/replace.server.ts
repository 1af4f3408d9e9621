// Replacing a file in place: a new version is stored (checked by its bytes like every upload)
// and every record that shows the old one is given the new one in one group write of the record
// store, so each page that shows it re-renders at once on every instance (the store's change
// notification), a release being drafted takes the change as staged rows (public only when it
// publishes), and the group can be undone as one. The old file stays stored: the records'
// revisions still name it, and restoring one shows it again.
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { mediaFiles } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { kindOf, tryParseKey } from "~/features/records/kinds";
import { writeRecords, type PlannedChange } from "~/features/records/write.server";
import { removeUpload, storeUpload } from "~/features/uploads/storage.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import { ensureUsageIndex, usagesIn } from "./usage.server";
import { checkFileVersion, mediaInfoKey } from "./file-version.server";
import { emptyMediaInfo, type MediaInfo } from "./info";

/** The value with every mention of the old upload's path given the new one (whole paths only). */
export function withPathReplaced(value: unknown, from: string, to: string): unknown {
  const pattern = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9_.-])`, "g");
  const visit = (item: unknown): unknown => {
    if (typeof item === "string") return item.includes(from) ? item.replace(pattern, to) : item;
    if (Array.isArray(item)) return item.map(visit);
    if (item && typeof item === "object") return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, visit(entry)]));
    return item;
  };
  return visit(value);
}

/**
 * The versions' records of a replacement of `from` by `to`: the old one says what replaced it;
 * the new one takes its alt text, caption, tags and focal point, and lists the old one first
 * among its earlier versions.
 */
export function versionChanges(info: MediaInfo, from: string, to: string): PlannedChange[] {
  return [
    { key: mediaInfoKey(from), after: { ...info, replacedBy: to } },
    {
      key: mediaInfoKey(to),
      after: { ...info, replacedBy: null, previous: [from, ...info.previous.filter((name) => name !== from && name !== to)].slice(0, 100) },
    },
  ];
}

/** The name a file's new versions are stored under: its own, without the time and extension (`hero_image`). */
const stemOf = (fileName: string) => fileName.replace(/_\d+\.[a-z0-9]+$/i, "").replace(/[^A-Za-z0-9_]/g, "_") || "replaced";

/**
 * One group write that gives every record showing `fileName` the file `to` instead (live, or
 * staged into the actor's release), and records the versions (versionChanges), after checking
 * `fileName` has not changed since `version`. Its result: how many records changed.
 */
function pointFileAt(db: Database, actor: Person, fileName: string, to: string, version: number | undefined, kind: string) {
  const from = `/uploads/${fileName}`;
  const url = `/uploads/${to}`;
  return ensureUsageIndex(db).then(() =>
    writeRecords(db, {
      actor,
      action: "update",
      group: { kind, area: "uploads", details: { file: fileName, replacement: to } },
      async plan(context) {
        // Changed by another administrator since the library showed it: 409, nothing replaced.
        await checkFileVersion(context.executor, fileName, version);
        // Every record that names it, read as this write's target sees it (live, or the actor's
        // release over live): one staged in another release keeps what that release says.
        const keys = [...new Set((await usagesIn(context.executor, [from])).map((usage) => usage.recordKey))]
          .map(tryParseKey)
          .filter((key) => key !== undefined);
        const values = await context.readMany(keys);
        const changes: PlannedChange[] = [];
        for (const key of keys) {
          const before = values.get(key.text);
          if (before === null || before === undefined) continue;
          const after = withPathReplaced(before, from, url);
          if (JSON.stringify(after) !== JSON.stringify(before)) changes.push({ key, after });
        }
        const records = changes.length;
        const info = ((await context.read(mediaInfoKey(fileName))) as MediaInfo | null) ?? emptyMediaInfo();
        changes.push(...versionChanges(info, fileName, to));
        return { result: records, changes };
      },
    }),
  );
}

/**
 * Makes an earlier version of a file (one its record lists) current again: every record that
 * shows `current` shows `earlier` (live, or staged), and the versions swap places.
 */
export async function restoreMediaVersion(db: Database, actor: Person, current: string, earlier: string, version?: number) {
  requirePermission(actor, "uploads.create");
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.name, earlier));
  const listed = (
    (await kindOf(mediaInfoKey(current)).read(db, [mediaInfoKey(current)])).get(mediaInfoKey(current).text) as MediaInfo | null
  )?.previous.includes(earlier);
  if (!file || !listed) throw new Refusal(404, ruMedia.file.noSuchVersion);
  const outcome = await pointFileAt(db, actor, current, earlier, version, "uploads.restore_version");
  return { file: earlier, records: outcome === false ? 0 : outcome.result, staged: outcome !== false && outcome.staged };
}

/**
 * Stores `source` as the new version of `fileName` and points every record that shows the old
 * version at it (live, or staged into the actor's release). Answers the new file and how many
 * records changed.
 */
export async function replaceMediaFile(
  db: Database,
  store: UploadStore,
  actor: Person,
  fileName: string,
  source: Readable,
  dataDir: string,
  version?: number,
) {
  requirePermission(actor, "uploads.create");
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.name, fileName));
  if (!file) {
    source.resume();
    throw new Refusal(404, ruMedia.replaceNotFound);
  }
  if (!file.contentType.startsWith("image/")) {
    source.resume();
    throw new Refusal(415, ruMedia.replaceNotImage);
  }
  const stored = await storeUpload(source, { actor, dataDir, settingKey: stemOf(fileName), store, db });
  const write = pointFileAt(db, actor, fileName, stored.fileName, version, "uploads.replace");
  // A refused write (a record another administrator is changing) keeps no new version behind.
  const outcome = await write.catch(async (error: unknown) => {
    await removeUpload(actor, store, stored.fileName, db);
    throw error;
  });
  return {
    file: stored.fileName,
    url: stored.url,
    records: outcome === false ? 0 : outcome.result,
    staged: outcome !== false && outcome.staged,
    /** The live group write's id (undo it whole); none when staged or nothing changed. */
    groupId: outcome === false ? undefined : outcome.groupId,
  };
}
