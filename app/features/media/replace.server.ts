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
import { tryParseKey } from "~/features/records/kinds";
import { writeRecords, type PlannedChange } from "~/features/records/write.server";
import { removeUpload, storeUpload } from "~/features/uploads/storage.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import { ensureUsageIndex, usagesIn } from "./usage.server";

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

/** The name a file's new versions are stored under: its own, without the time and extension (`hero_image`). */
const stemOf = (fileName: string) => fileName.replace(/_\d+\.[a-z0-9]+$/i, "").replace(/[^A-Za-z0-9_]/g, "_") || "replaced";

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
  const from = `/uploads/${fileName}`;
  await ensureUsageIndex(db);
  const write = writeRecords(db, {
    actor,
    action: "update",
    group: { kind: "uploads.replace", area: "uploads", details: { file: fileName, replacement: stored.fileName } },
    async plan(context) {
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
        const after = withPathReplaced(before, from, stored.url);
        if (JSON.stringify(after) !== JSON.stringify(before)) changes.push({ key, after });
      }
      return changes.length === 0 ? false : { result: changes.length, changes };
    },
  });
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
