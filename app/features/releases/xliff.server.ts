// A release's texts as XLIFF 2.0 for translators, and the translated file taken back into that
// release: the content feature's one format and import (app/features/content/xliff.server.ts)
// with this release as the target, so the file carries the texts the release stages and its
// translation is staged into the release through the record store, never live.
import { requireLocale, requirePermission } from "~/features/access/require.server";
import { permissionForArea } from "~/features/access/matrix";
import { exportXliff, importXliff } from "~/features/content/xliff.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { allows } from "./lifecycle";
import { releaseMessages } from "./messages";
import { getRelease } from "./releases.server";

/**
 * The release as the file's target. Staging into it is what the file does, so the same is asked
 * as of a save into it: a role that stages into releases and edits texts, in the locale.
 */
async function target(db: Database, releaseId: number, locale: string, actor: Person) {
  requirePermission(actor, "releases.create");
  requirePermission(actor, permissionForArea("content"));
  requireLocale(actor, locale);
  const release = await getRelease(db, releaseId);
  if (!release) throw new Refusal(404, releaseMessages.notFound);
  return release;
}

/** The texts the release stages for the locale, as an XLIFF 2.0 file bound to the release. */
export async function exportReleaseXliff(db: Database, releaseId: number, locale: string, actor: Person) {
  const release = await target(db, releaseId, locale, actor);
  return { name: release.name, text: await exportXliff(db, locale, actor, { id: release.id, name: release.name }) };
}

/**
 * Takes the translated file of this release: refused whole when the release no longer takes
 * changes (the record store checks it again under the release's lock), or by the import's own
 * checks; staged into the release in one group write. Answers how many texts changed.
 */
export async function importReleaseXliff(db: Database, releaseId: number, locale: string, xliff: string, actor: Person) {
  const release = await target(db, releaseId, locale, actor);
  if (!allows(release.state, "stage")) throw new Refusal(409, releaseMessages.notOpen);
  return importXliff(db, locale, xliff, actor, { id: release.id, name: release.name });
}
