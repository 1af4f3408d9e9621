// The content version, and the move from one version to the next after a write.
//
// Public reads (page content, menus, the fixed pages' SEO, the landing pages' addresses) are kept
// in memory for the current version. After a write commits, the parts that keep them read the
// next version's values first, while visitors are still answered from the current copies; only
// then does the version change, with every part's values in place at once. The pages re-rendered
// for the new version (page-cache.ts), which every visitor of a page waits for, then read nothing
// from the database: after a save under load, each of their reads had waited its turn with the
// visitors' requests and with the save's own statements, and the render took 7–25 ms instead of 2.
import { getDb, type Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

/** A part that keeps public reads for the current version. */
export interface ContentReader {
  /** Named in the log when its read fails. */
  name: string;
  /** Reads the values the next version will keep (the write has committed); resolves to the function that keeps them. */
  prepare(db: Database): Promise<() => void>;
  /** Drops what it keeps, so that its next use reads the database (its read failed, or a change came without reads). */
  drop(): void;
  /**
   * The tables it reads. A change that names the tables it wrote leaves this reader's values as
   * they are when none of them is here (a settings save does not read the landing pages'
   * addresses again). Without this list the reader reads again after every change.
   */
  tables?: readonly string[];
}

let version = 0;
const readers = new Set<ContentReader>();
const listeners = new Set<(version: number) => void>();
// Changes in the order they began: a change that ends after a later one has been made current
// has nothing to add (the later one read after this one's write committed) and is dropped.
let begun = 0;
let current = 0;
// Changes being read ahead. A change that began while another was being read reads every
// reader: should the other end later and be dropped, this one must carry its values too.
let reading = 0;

/** The content version: it changes whenever any stored content or menu changes. */
export function getContentVersion() {
  return version;
}

/** Called after the version changed, with every reader's values in place (the page cache re-renders then). */
export function onContentChange(listener: (version: number) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function addContentReader(reader: ContentReader) {
  readers.add(reader);
  return () => readers.delete(reader);
}

function makeCurrent(ticket: number, keep: (reader: ContentReader) => void) {
  current = ticket;
  version += 1;
  for (const reader of readers) keep(reader);
  for (const listener of listeners) listener(version);
}

/** Moves to a new version with nothing read ahead: every part reads again on its next use. */
export function clearContentCache() {
  makeCurrent(++begun, (reader) => reader.drop());
}

/**
 * Reads the next version's values, then moves to it. A part whose read fails drops what it
 * keeps instead (logged), and reads again on its next use: the change is never held back.
 * `changed`, the tables the write changed, spares the readers that read none of them.
 */
export async function advanceContentVersion(db: Database, changed?: readonly string[]): Promise<void> {
  const ticket = ++begun;
  const spared = (reader: ContentReader) =>
    changed !== undefined && reading === 0 && reader.tables !== undefined && !reader.tables.some((table) => changed.includes(table));
  const toRead = [...readers].filter((reader) => !spared(reader));
  const prepared = new Map<ContentReader, () => void>();
  reading += 1;
  try {
    await Promise.all(
      toRead.map(async (reader) => {
        try {
          prepared.set(reader, await reader.prepare(db));
        } catch (error) {
          logger.error({ err: error, reader: reader.name }, "content not read ahead; it is read on its next use");
        }
      }),
    );
  } finally {
    reading -= 1;
  }
  if (ticket < current) return;
  makeCurrent(ticket, (reader) => {
    if (!toRead.includes(reader)) return;
    const keep = prepared.get(reader);
    if (keep) keep();
    else reader.drop();
  });
}

/** What a change names: the tables it wrote and the records (key texts) it changed; absent: unknown, treat as everything. */
export interface ChangeNames {
  tables?: readonly string[];
  records?: readonly string[];
}

let broadcast: ((db: Database, change: ChangeNames) => Promise<void>) | undefined;

/** Lets other instances hear about writes (PostgreSQL LISTEN/NOTIFY, see server/boot/app.ts). */
export function setContentBroadcast(send: ((db: Database, change: ChangeNames) => Promise<void>) | undefined) {
  broadcast = send;
}

/**
 * Every write calls this after it commits and before it responds: the next version's content is
 * read, made current, and announced to the other instances. `tables` names the tables the
 * write changed, when it knows them: readers of other tables keep their values. `records` names
 * the records that changed (key texts), for the listeners that care which.
 */
export async function notifyContentChanged(db: Database = getDb(), tables?: readonly string[], records?: readonly string[]) {
  lastChangedRecords = records;
  await advanceContentVersion(db, tables);
  await broadcast?.(db, { tables, records }).catch((error: unknown) => logger.error({ err: error }, "content change broadcast failed"));
  for (const listener of writeListeners)
    await listener(db, records).catch((error: unknown) => logger.error({ err: error }, "content change listener failed"));
}

const writeListeners = new Set<(db: Database, records: readonly string[] | undefined) => Promise<void>>();

/**
 * Called after each of this instance's own writes, once every instance has been told (the edge
 * cache's purge: app/features/edge-cache). `records` undefined: unknown, treat as everything.
 */
export function onContentWritten(listener: (db: Database, records: readonly string[] | undefined) => Promise<void>) {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

let lastChangedRecords: readonly string[] | undefined;

/** The records the newest change of this instance named (undefined: unknown, treat as everything). */
export const lastChangedRecordKeys = () => lastChangedRecords;

/** Another instance's change, heard: read ahead as if it were this instance's own, with what it names. */
export async function advanceForOtherInstance(db: Database, change: ChangeNames) {
  lastChangedRecords = change.records;
  await advanceContentVersion(db, change.tables);
}
