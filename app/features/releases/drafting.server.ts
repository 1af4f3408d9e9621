// Releases as the record store's drafts: where an administrator's saves go (the release they
// draft in, or live, or refused while 'Изменения только через выпуски' is on), the one lock of
// a release, and what a staged change does to it (the lifecycle's edit, its authors, the log).
import { eq, sql } from "drizzle-orm";
import { adminSettings, releaseAuthors, releaseDrafting, releases, type ReleaseRow } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import type { DraftHost } from "~/features/records/drafts.server";
import type { Actor, Executor } from "~/features/records/revisions.server";
import { Refusal } from "~/platform/refusal";
import { allows, nextState } from "./lifecycle";
import { releaseMessages } from "./messages";
import { RELEASES_ONLY } from "./policies.server";
import { effectiveKeysOf, noteAnnouncement } from "./effective-schedule.server";

/** The release an administrator's saves go into; undefined: they go live. */
export async function draftingRelease(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ id: releases.id, name: releases.name, state: releases.state })
    .from(releaseDrafting)
    .innerJoin(releases, eq(releases.id, releaseDrafting.releaseId))
    .where(eq(releaseDrafting.userId, userId));
  return row;
}

/** Serialises every change to one release (staging, review, publish) until the transaction ends: its one lock. */
export async function lockRelease(executor: Executor, releaseId: number) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${releaseId}`}))`);
}

/** The release, locked for the rest of the transaction; 404 when there is no such release. */
export async function lockedRelease(executor: Executor, id: number): Promise<ReleaseRow> {
  await lockRelease(executor, id);
  const [row] = await executor.select().from(releases).where(eq(releases.id, id));
  if (!row) throw new Refusal(404, releaseMessages.notFound);
  return row;
}

/** Records that someone staged into the release: four-eyes reads these rows. */
export async function addReleaseAuthor(executor: Executor, releaseId: number, userId: string) {
  await executor.insert(releaseAuthors).values({ releaseId, userId }).onConflictDoNothing();
}

/**
 * An edit voids the approval and unschedules: what is published is only ever what was approved.
 * A scheduled release's pages stop announcing the dates it carried (`announced`, read before the
 * edit: it may have taken one out); answers the records to tell the pages after the commit.
 */
export async function voidSignOff(executor: Executor, release: ReleaseRow, actor: Actor, announced: readonly string[]) {
  await executor
    .update(releases)
    .set({
      state: nextState(release.state, "stage") ?? release.state,
      approvedById: null,
      approvedByEmail: null,
      approvedAt: null,
      approvedHash: null,
      scheduledAt: null,
      updatedAt: new Date(),
    })
    .where(eq(releases.id, release.id));
  if (release.state !== "scheduled" || announced.length === 0) return [];
  return noteAnnouncement(executor, release.id, actor, false, announced);
}

/** The dates a scheduled release announces, as a staging transaction opens it (read again when it stages). */
const announcedAtOpen = new WeakMap<Executor, string[]>();

/**
 * Where an administrator's write goes, in one statement (a save's statements each take a turn
 * with the visitors' requests on the embedded database): the release they draft in, or live;
 * refused while direct saves are off, or when their release no longer takes changes.
 */
async function writeTarget(executor: Executor, actor: NonNullable<Actor>) {
  const result = await executor.execute(sql`select ${releases.id} as "id", ${releases.name} as "name", ${releases.state} as "state",
      coalesce((select ${adminSettings.value} = 'true'::jsonb from ${adminSettings} where ${adminSettings.key} = ${RELEASES_ONLY}), false) as "releasesOnly"
    from (select 1) as one
      left join ${releaseDrafting} on ${releaseDrafting.userId} = ${actor.id}
      left join ${releases} on ${releases.id} = ${releaseDrafting.releaseId}`);
  type Row = { id: number | null; name: string | null; state: ReleaseRow["state"] | null; releasesOnly: boolean };
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  if (row.id === null) {
    if (row.releasesOnly) throw new Refusal(403, releaseMessages.liveRefused);
    return undefined;
  }
  if (!allows(row.state!, "stage")) throw new Refusal(409, releaseMessages.notOpen);
  return { id: row.id, name: row.name! };
}

/** The record store's drafts are releases (app/record-kinds.server.ts hands this to the store). */
export const releaseDraftHost: DraftHost = {
  drafting: async (executor, userId) => {
    const release = await draftingRelease(executor, userId);
    return release && { id: release.id, name: release.name };
  },
  target: writeTarget,
  async open(executor, draftId) {
    const release = await lockedRelease(executor, draftId);
    if (!allows(release.state, "stage")) throw new Refusal(409, releaseMessages.notOpen);
    if (release.state === "scheduled") announcedAtOpen.set(executor, await effectiveKeysOf(executor, draftId));
  },
  async staged(executor, draftId, keys, actor) {
    const [release] = await executor.select().from(releases).where(eq(releases.id, draftId));
    const announced = announcedAtOpen.get(executor) ?? [];
    announcedAtOpen.delete(executor);
    const withdrawn = await voidSignOff(executor, release!, actor, announced);
    await addReleaseAuthor(executor, draftId, actor.id);
    await recordEvent(executor, {
      kind: "release.stage",
      area: "releases",
      actor,
      target: String(draftId),
      details: { release: release!.name, keys },
    });
    return withdrawn;
  },
};
