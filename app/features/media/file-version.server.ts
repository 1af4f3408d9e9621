// A file's version in the media library: the version of its record (`media:<name>`, its page's
// info), which a save of its page and a replacement of the file change. The library's forms send
// the version they showed, so deleting or replacing a file another administrator has just
// changed is refused like a stale content save.
import { recordKey } from "~/features/records/kinds";
import type { Executor } from "~/features/records/executor";
import { CONFLICT_MESSAGE, latestVersions, lockKey } from "~/features/records/revisions.server";
import { Refusal } from "~/platform/refusal";

export const MEDIA_KIND = "media-file";

export const mediaInfoKey = (name: string) => recordKey(MEDIA_KIND, name);

/** A file's version: its record's (`media:<name>`), which its saves and replacements change. */
export async function fileVersion(executor: Executor, name: string) {
  const key = mediaInfoKey(name).text;
  return (await latestVersions(executor, [key]))[key] ?? 0;
}

/**
 * Refuses (409, with the content's conflict message) a deletion or replacement asked from a
 * page opened at `expected` when another administrator has changed the file since. No version
 * sent: nothing to compare (a call from code).
 */
export async function checkFileVersion(executor: Executor, name: string, expected: number | undefined) {
  if (expected === undefined) return;
  const key = mediaInfoKey(name);
  await lockKey(executor, key.text);
  const version = await fileVersion(executor, name);
  if (version !== expected) throw new Refusal(409, CONFLICT_MESSAGE, { details: { conflicts: [key.text] } });
}
