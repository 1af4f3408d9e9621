// The one write pipeline, for every kind of record, live or drafted:
//   target (live, a draft, or refused) → lock → read before → stale-version check → plan the
//   new values → check each → write live or stage → revisions and log lines → tell the caches.
// A feature says what its write changes as values (plan); the pipeline does the rest.
import { randomUUID } from "node:crypto";
import type { Database } from "~/platform/db.server";
import { draftHost, readDraft, stagedRow, stageValue, type DraftTarget } from "./drafts.server";
import type { Executor } from "./executor";
import { kindNamed, kindOf, parseKey, type RecordKey } from "./kinds";
import { overlay } from "./overlay";
import { checkVersion, insertRevisions, lockKey, type Actor, type RevisionAction, type RevisionEntry } from "./revisions.server";
import { sameValue } from "./internal/same-value";
import { notifyContentChanged } from "./version.server";
import { notePublished } from "./published.server";
import { noteWritten } from "./written.server";
import { hasPermission, requireLocale, requirePermission } from "~/features/access/require.server";
import { permissionForArea, stagingOnlyIn } from "~/features/access/matrix";
import { Refusal } from "~/platform/refusal";

/** A record the write gives a new value (null: removes it). */
export interface PlannedChange {
  key: RecordKey;
  after: unknown;
  /** This change's own action (a redirect a rename creates); the write's otherwise. */
  action?: RevisionAction;
  /** The error to answer when writing it live fails (the step of a whole-tab write that failed). */
  failure?: (error: unknown) => Error;
}

export interface WritePlan<T> {
  result: T;
  changes: PlannedChange[];
  /** Added to a group's log line (what the plan learnt: a release's name). */
  details?: Record<string, unknown>;
}

/** What a plan may read: records as the write's target leaves them (live, or the draft over live). */
export interface WriteContext {
  /** The write's transaction, for reads of what is not a record (policies). */
  readonly executor: Executor;
  /** Whether the write goes into a draft. */
  readonly drafting: boolean;
  read(key: RecordKey): Promise<unknown>;
  /** Several records in one statement per kind, by key text. */
  readMany(keys: RecordKey[]): Promise<Map<string, unknown>>;
  /** Every record of a kind, by key text. */
  list(kindName: string): Promise<Map<string, unknown>>;
  /** A new record's id (allocated the same way live and drafted). */
  allocateId(kindName: string): Promise<string>;
}

export interface RecordWrite<T> {
  actor: Actor;
  action: RevisionAction;
  /** The record the editor opened: locked, read as `before`, checked against `version`. */
  key?: RecordKey;
  version?: number;
  /** Further advisory locks (every address-changing write takes one, so two cannot claim one address). */
  locks?: string[];
  /** Revisions under one group id with one log line (undo it whole); unchanged records are left out. */
  group?: { kind: string; area: string; details?: Record<string, unknown> };
  /** Goes live whatever the actor drafts in (a publish, an undo of a group). */
  alwaysLive?: boolean;
  /** Staged into this draft whatever the actor drafts in (a file imported on a release's page); never live. */
  draft?: DraftTarget;
  plan(context: WriteContext, before: unknown): Promise<WritePlan<T> | false>;
  /** Runs in the write's transaction after the values and revisions are written live (a release marked published). */
  afterLive?(executor: Executor, written: { groupId: string | undefined; keys: string[] }): Promise<void>;
}

export interface WriteOutcome<T> {
  result: T;
  /** Staged into the actor's draft instead of going live. */
  staged: boolean;
  /** Revision group id, for a group write that went live. */
  groupId?: string;
  /** The records it changed (live or staged). */
  keys: string[];
}

/** The context and the values it knows (read, or written by this write): later reads see them. */
function makeContext(executor: Executor, draftId: number | undefined) {
  const known = new Map<string, unknown>();
  let draft: Map<string, unknown> | undefined;
  const context: WriteContext = {
    executor,
    drafting: draftId !== undefined,
    async read(key) {
      if (known.has(key.text)) return known.get(key.text);
      let value: unknown;
      const staged = draftId === undefined ? undefined : await stagedRow(executor, draftId, key.text);
      if (staged) value = staged.staged ?? null;
      else value = (await kindOf(key).read(executor, [key])).get(key.text) ?? null;
      known.set(key.text, value);
      return value;
    },
    async list(kindName) {
      const kind = kindNamed(kindName);
      const live = await kind.list(executor);
      if (draftId === undefined) return overlay(live, known, (key) => parseKey(key).kind === kindName);
      draft ??= await readDraft(executor, draftId);
      return overlay(
        overlay(live, draft, (key) => parseKey(key).kind === kindName),
        known,
        (key) => parseKey(key).kind === kindName,
      );
    },
    async readMany(keys) {
      await prefetch(keys);
      return new Map(keys.map((key) => [key.text, known.get(key.text) ?? null]));
    },
    async allocateId(kindName) {
      const kind = kindNamed(kindName);
      if (!kind.allocateId) throw new Error(`Records of kind ${kindName} are not created with new ids`);
      return kind.allocateId(executor);
    },
  };
  /** Reads every record not yet known in one statement per kind (a group of two hundred reads two or three). */
  async function prefetch(keys: RecordKey[]) {
    const missing = keys.filter((key) => !known.has(key.text));
    if (missing.length === 0) return;
    if (draftId !== undefined) draft ??= await readDraft(executor, draftId);
    const byKind = new Map<string, RecordKey[]>();
    for (const key of missing) {
      if (draft?.has(key.text)) known.set(key.text, draft.get(key.text) ?? null);
      else byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key]);
    }
    for (const [kindName, group] of byKind) {
      const values = await kindNamed(kindName).read(executor, group);
      for (const key of group) known.set(key.text, values.get(key.text) ?? null);
    }
  }
  return { context, known, prefetch };
}

async function prepare<T>(executor: Executor, write: RecordWrite<T>, draftId: number | undefined) {
  for (const lock of write.locks ?? []) await lockKey(executor, lock);
  if (write.key) await lockKey(executor, write.key.text);
  const { context, known, prefetch } = makeContext(executor, draftId);
  const before = write.key ? await context.read(write.key) : null;
  if (write.key) {
    const shown = kindOf(write.key).conflictValue?.(before) ?? before;
    await checkVersion(executor, write.key.text, write.version, shown);
  }
  const plan = await write.plan(context, before);
  if (plan !== false) await prefetch(plan.changes.map((change) => change.key));
  return { context, known, plan };
}

/** One revision per record from its value before the write to its value after (a record may change twice in one plan). */
function collect(changes: PlannedChange[], before: (key: string) => unknown) {
  const records = new Map<string, { key: RecordKey; action: RevisionAction | undefined; before: unknown }>();
  for (const change of changes)
    if (!records.has(change.key.text))
      records.set(change.key.text, { key: change.key, action: change.action, before: before(change.key.text) });
  return [...records.values()];
}

async function writeLive<T>(db: Database, write: RecordWrite<T>): Promise<WriteOutcome<T> | false> {
  const outcome = await db.transaction(async (transaction) => {
    const { known, plan } = await prepare(transaction, write, undefined);
    if (plan === false) return false;
    checkChanges(write, plan.changes);
    const records = collect(plan.changes, (text) => known.get(text) ?? null);
    for (const change of plan.changes) {
      const kind = kindOf(change.key);
      const value = change.after === null ? null : kind.parse(change.after);
      if (write.group && sameValue(known.get(change.key.text), value)) continue;
      const stored = await kind.apply(transaction, change.key, value).catch((error: unknown) => {
        throw change.failure ? change.failure(error) : error;
      });
      known.set(change.key.text, stored);
    }
    const entries: RevisionEntry[] = records
      .map((record) => ({
        key: record.key,
        area: kindOf(record.key).area,
        action: record.action ?? write.action,
        before: record.before,
        after: known.get(record.key.text) ?? null,
      }))
      .filter((entry) => !write.group || !sameValue(entry.before, entry.after));
    const group = write.group ? { ...write.group, details: { ...write.group.details, ...plan.details }, id: randomUUID() } : undefined;
    await insertRevisions(transaction, entries, write.actor, group);
    await write.afterLive?.(transaction, { groupId: group?.id, keys: entries.map((entry) => entry.key.text) });
    const releaseId = group?.details?.releaseId;
    await noteWritten(transaction, {
      records: entries.map((entry) => ({ key: entry.key, value: entry.after })),
      releaseId: typeof releaseId === "number" ? releaseId : undefined,
    });
    if (entries.length > 0) {
      const first = entries[0]!;
      await notePublished(transaction, {
        kind: group?.kind ?? `${first.area}.${first.action}`,
        actor: write.actor,
        groupId: group?.id,
        releaseId: typeof releaseId === "number" ? releaseId : undefined,
        records: entries.map((entry) => entry.key.text),
      });
    }
    return { result: plan.result, staged: false, groupId: group?.id, keys: entries.map((entry) => entry.key.text), entries };
  });
  if (outcome === false) return false;
  const { entries, ...answer } = outcome;
  if (entries.length > 0 || write.group) {
    const tables = [...new Set(entries.map((entry) => kindOf(entry.key).table))];
    await notifyContentChanged(db, tables, answer.keys);
  }
  return answer;
}

async function writeDraft<T>(db: Database, write: RecordWrite<T>, target: DraftTarget, actor: NonNullable<Actor>) {
  const host = draftHost()!;
  const outcome = await db.transaction(async (transaction) => {
    await host.open(transaction, target.id);
    const { known, plan } = await prepare(transaction, write, target.id);
    if (plan === false) return false as const;
    checkChanges(write, plan.changes);
    const records = collect(plan.changes, (text) => known.get(text) ?? null);
    for (const change of plan.changes) known.set(change.key.text, change.after === null ? null : kindOf(change.key).parse(change.after));
    const keys: string[] = [];
    const staged: { key: RecordKey; value: unknown }[] = [];
    for (const record of records) {
      const value = known.get(record.key.text) ?? null;
      if (write.group && sameValue(record.before, value)) continue;
      await stageValue(transaction, target.id, record.key, value, actor);
      keys.push(record.key.text);
      staged.push({ key: record.key, value });
    }
    await noteWritten(transaction, { records: staged, draftId: target.id });
    const told = keys.length > 0 ? await host.staged(transaction, target.id, keys, actor) : [];
    return { result: plan.result, staged: true, keys, told };
  });
  if (outcome === false) return false;
  const { told, ...answer } = outcome;
  // What the public pages serve changed with the draft (an announcement withdrawn): they re-render.
  if (told.length > 0) await notifyContentChanged(db, ["release_changes"], told);
  return answer satisfies WriteOutcome<T>;
}

/**
 * The actor's role must allow changing each record (by its kind's area) in its locale. A write
 * that always goes live (a publish, an undo) was allowed as a whole by its own permission.
 */
function checkChanges(write: RecordWrite<unknown>, changes: PlannedChange[]) {
  if (write.alwaysLive) return;
  for (const change of changes) {
    requirePermission(write.actor, permissionForArea(kindOf(change.key).area));
    requireLocale(write.actor, change.key.locale);
  }
}

/** A live write needs `content.live`: an author's or translator's save only ever goes into a release. */
function checkLive(actor: Actor) {
  if (hasPermission(actor, "content.live")) return;
  if (hasPermission(actor, "releases.create")) throw new Refusal(403, stagingOnlyIn(actor?.language));
  requirePermission(actor, "content.live");
}

/**
 * Runs a write of records. With no draft open it goes live in one transaction (the values, their
 * revisions and log lines), then the caches are told which records changed before this answers.
 * With a draft open (and not `alwaysLive`) the same plan is staged into it: nothing goes live.
 * The actor's role is checked here, where every write passes: live writes need `content.live`,
 * and each changed record its area's permission in its locale (app/features/access/matrix.ts).
 * False when the plan found nothing to write.
 */
export async function writeRecords<T>(db: Database, write: RecordWrite<T>): Promise<WriteOutcome<T> | false> {
  const host = draftHost();
  if (write.draft) {
    if (!write.actor || !host || write.alwaysLive) throw new Error("A write into a named draft needs an actor and the draft host");
    return writeDraft(db, write, write.draft, write.actor);
  }
  const target = write.alwaysLive || !write.actor || !host ? undefined : await host.target(db, write.actor);
  if (target) return writeDraft(db, write, target, write.actor!);
  checkLive(write.actor);
  return writeLive(db, write);
}
