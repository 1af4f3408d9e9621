import { and, eq, inArray, sql } from "drizzle-orm";
import { adminSettings, releaseChanges, releaseDrafting, releases } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { applySnapshot } from "~/features/history/snapshot-registry.server";
import { captureRevisions, type CapturedWrite } from "~/features/history/staging-context.server";
import { latestRevision, type Actor, type Executor } from "~/features/history/revisions.server";
import type { Database } from "~/platform/db.server";
import { OPEN_RELEASE_STATES } from "./contract";
import { releaseMessages } from "./messages";
import { RELEASES_ONLY } from "./policies.server";

/** A direct live save while 'Изменения только через выпуски' is on (HTTP 403). */
export class LiveWriteRefusedError extends Error {
  readonly status = 403;
  constructor() {
    super(releaseMessages.liveRefused);
  }
}

/** A release that cannot take a change now (published, cancelled, publishing). */
export class ReleaseClosedError extends Error {
  readonly status = 409;
}

/** The release an administrator's saves go into; undefined: they go live. */
export async function draftingRelease(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ id: releases.id, name: releases.name, state: releases.state })
    .from(releaseDrafting)
    .innerJoin(releases, eq(releases.id, releaseDrafting.releaseId))
    .where(eq(releaseDrafting.userId, userId));
  return row;
}

/**
 * Where an administrator's write goes: the release they draft in, if any, and whether direct
 * saves are refused ('Изменения только через выпуски'). One statement: a save's statements each
 * take a turn with the visitors' requests on the embedded database.
 */
async function writeTarget(db: Database, userId: string) {
  const result = await db.execute(sql`select ${releases.id} as "id", ${releases.name} as "name", ${releases.state} as "state",
      coalesce((select ${adminSettings.value} = 'true'::jsonb from ${adminSettings} where ${adminSettings.key} = ${RELEASES_ONLY}), false) as "releasesOnly"
    from (select 1) as one
      left join ${releaseDrafting} on ${releaseDrafting.userId} = ${userId}
      left join ${releases} on ${releases.id} = ${releaseDrafting.releaseId}`);
  type Row = { id: number | null; name: string | null; state: (typeof releases.$inferSelect)["state"] | null; releasesOnly: boolean };
  const row = (result as unknown as { rows: Row[] }).rows[0]!;
  const release = row.id === null ? undefined : { id: row.id, name: row.name!, state: row.state! };
  return { release, releasesOnly: row.releasesOnly };
}

/** Serialises every change to one release (staging, review, publish) until the transaction ends. */
export async function lockRelease(executor: Executor, releaseId: number) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${releaseId}`}))`);
}

const ROLLBACK = Symbol("staged write rolled back");

async function applyStaged(transaction: Executor, releaseId: number) {
  const changes = await transaction
    .select({ key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .where(eq(releaseChanges.releaseId, releaseId));
  for (const change of changes) await applySnapshot(transaction, change.key, change.staged);
  return changes.map((change) => change.key);
}

/**
 * Runs a read as the administrator's open release would leave the site (the staged values are
 * applied in a transaction that is then rolled back), with the keys it stages; with no release
 * open, a plain read. Editors of records (landing pages) open a staged record this way.
 */
export async function readAsDrafted<T>(db: Database, userId: string, read: (executor: Executor) => Promise<T>) {
  const release = await draftingRelease(db, userId);
  if (!release) return { result: await read(db), stagedKeys: [] as string[] };
  let outcome: { result: T; stagedKeys: string[] } | undefined;
  try {
    await db.transaction(async (transaction) => {
      const stagedKeys = await applyStaged(transaction, release.id);
      outcome = { result: await read(transaction), stagedKeys };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return outcome!;
}

/**
 * Runs a content or menu write. With no release open it is one transaction, as always (refused
 * while 'Изменения только через выпуски' is on). With a release open the same write runs in a
 * transaction where the release's staged values were applied first; the revisions it would
 * record are captured and the transaction rolled back, then the captured values are staged.
 */
export async function runWrite<T>(db: Database, actor: Actor, write: (transaction: Executor) => Promise<T>) {
  const target = actor ? await writeTarget(db, actor.id) : undefined;
  const release = target?.release;
  if (!release) {
    if (target?.releasesOnly) throw new LiveWriteRefusedError();
    return { result: await db.transaction(write), staged: false };
  }
  if (!OPEN_RELEASE_STATES.includes(release.state)) throw new ReleaseClosedError(releaseMessages.notOpen);
  const captured: CapturedWrite[] = [];
  let result: T | undefined;
  try {
    await db.transaction(async (transaction) => {
      await applyStaged(transaction, release.id);
      result = await captureRevisions(captured, () => write(transaction));
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  await stageChanges(db, release.id, captured, actor!);
  return { result: result as T, staged: true };
}

/**
 * Upserts the captured values into the release: a key keeps the live value and version it was
 * first staged against; a key brought back to its live value leaves the release. Any change
 * voids an approval and unschedules the release.
 */
export async function stageChanges(db: Database, releaseId: number, captured: CapturedWrite[], actor: NonNullable<Actor>) {
  if (captured.length === 0) return;
  await db.transaction(async (transaction) => {
    await lockRelease(transaction, releaseId);
    const [release] = await transaction.select().from(releases).where(eq(releases.id, releaseId)).for("update");
    if (!release || !OPEN_RELEASE_STATES.includes(release.state)) throw new ReleaseClosedError(releaseMessages.notOpen);
    const keys = [...new Set(captured.map((write) => write.key))];
    const existing = await transaction
      .select()
      .from(releaseChanges)
      .where(and(eq(releaseChanges.releaseId, releaseId), inArray(releaseChanges.key, keys)));
    const byKey = new Map(existing.map((row) => [row.key, row]));
    for (const write of captured) {
      const stored = byKey.get(write.key);
      const live = stored ? stored.live : write.before;
      if (JSON.stringify(live ?? null) === JSON.stringify(write.after ?? null)) {
        if (stored) await transaction.delete(releaseChanges).where(eq(releaseChanges.id, stored.id));
        byKey.delete(write.key);
        continue;
      }
      const values = { staged: write.after ?? null, stagedById: actor.id, stagedByEmail: actor.email, stagedAt: new Date() };
      if (stored) {
        await transaction.update(releaseChanges).set(values).where(eq(releaseChanges.id, stored.id));
      } else {
        const liveRevisionId = (await latestRevision(transaction, write.key))?.id ?? 0;
        const [row] = await transaction
          .insert(releaseChanges)
          .values({ releaseId, key: write.key, area: write.area, live: live ?? null, liveRevisionId, ...values })
          .returning();
        byKey.set(write.key, row!);
      }
    }
    await voidSignOff(transaction, release);
    await recordEvent(transaction, {
      kind: "release.stage",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { release: release.name, keys },
    });
  });
}

/** An edit voids the approval and unschedules: what is published is only ever what was approved. */
export async function voidSignOff(executor: Executor, release: typeof releases.$inferSelect) {
  const reopened = release.state === "approved" || release.state === "scheduled" || release.state === "failed";
  await executor
    .update(releases)
    .set({
      state: reopened ? "draft" : release.state,
      approvedById: null,
      approvedByEmail: null,
      approvedAt: null,
      approvedHash: null,
      scheduledAt: null,
      updatedAt: new Date(),
    })
    .where(eq(releases.id, release.id));
}
