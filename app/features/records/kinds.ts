// The registry of record kinds. Each kind (a content key, a setting, a menu item, a landing page,
// …) registers itself from its own feature: how its key looks, how its value is checked, read
// and applied. The store knows no feature; it asks the registry. The kinds are registered once,
// by app/record-kinds.server.ts (imported by the server entry and by the tests' set-up).
import type { Database } from "~/platform/db.server";
import type { Actor } from "~/platform/person";
import type { Executor } from "./executor";
import { DEFAULT_LOCALE, joinKey, splitKey, type KeyParts } from "~/platform/record-key";

export type { Actor } from "~/platform/person";

export interface RecordKey extends KeyParts {
  /** The registered kind's name: `content`, `setting`, `menu-item`, `landing-page`, … */
  kind: string;
  /** The key's text form (see key.ts). */
  text: string;
}

/** One kind of record: a row of a table the site reads, with a value shaped like a revision snapshot. */
export interface RecordKind<V = unknown> {
  name: string;
  /** `menu` for `menu:<id>`; null for a kind whose ids have no prefix (page content rows). */
  prefix: string | null;
  /** The dashboard area its history and activity lines name. */
  area: string;
  /** The table its values live in: change notifications name it, and readers of other tables keep their values. */
  table: string;
  /** Whether an id (the text after the prefix) is one of this kind's. */
  matches(id: string): boolean;
  /** Checks a value before it is stored or staged (null: the record does not exist). */
  parse(value: unknown): V | null;
  /** The live values of these records (null: does not exist), by key text. */
  read(executor: Executor, keys: RecordKey[]): Promise<Map<string, V | null>>;
  /** Every live record of the kind, by key text (for overlays of whole lists). */
  list(executor: Executor): Promise<Map<string, V>>;
  /** Makes the live value `value` (null removes the record); answers the value as stored. */
  apply(executor: Executor, key: RecordKey, value: V | null): Promise<V | null>;
  /** What a refused stale save shows as the value stored now (the whole value when absent). */
  conflictValue?(value: V | null): unknown;
  /** A new record's id, allocated before it is written live or staged. */
  allocateId?(executor: Executor): Promise<string>;
  /**
   * Puts the record back to a value a revision recorded, when the kind has rules for that (a
   * landing page's address must still be free); otherwise the store writes the value as it is.
   */
  restore?(db: Database, key: RecordKey, value: V | null, actor: Actor, version?: number): Promise<void>;
}

const kinds = new Map<string, RecordKind>();

/**
 * Registers a kind; registering the same name twice replaces it (module reloads in development).
 * Returns what takes it out again (a test's scratch kind, so the next file in its process never
 * meets a kind whose table it lacks).
 */
export function registerRecordKind<V>(kind: RecordKind<V>): () => void {
  kinds.set(kind.name, kind as unknown as RecordKind);
  return () => {
    if (kinds.get(kind.name) === (kind as unknown as RecordKind)) kinds.delete(kind.name);
  };
}

export class UnknownKeyError extends Error {
  constructor(readonly key: string) {
    super(`No record kind for key ${key}`);
  }
}

function ensureRegistered() {
  if (kinds.size === 0) throw new Error("No record kinds are registered: import app/record-kinds.server.ts first");
}

/** Parses a key's text; undefined when no registered kind takes it. */
export function tryParseKey(text: string): RecordKey | undefined {
  ensureRegistered();
  const parts = splitKey(text);
  if (!parts) return undefined;
  for (const kind of kinds.values()) {
    if (kind.prefix === parts.prefix && kind.matches(parts.id)) return { ...parts, kind: kind.name, text: joinKey(parts) };
  }
  return undefined;
}

/** Parses a key's text; throws UnknownKeyError when no registered kind takes it. */
export function parseKey(text: string): RecordKey {
  const key = tryParseKey(text);
  if (!key) throw new UnknownKeyError(text);
  return key;
}

/** The key of a record of a registered kind. */
export function recordKey(kindName: string, id: string | number, locale?: string): RecordKey {
  const kind = kindNamed(kindName);
  const parts = { prefix: kind.prefix, id: String(id), locale: locale ?? DEFAULT_LOCALE };
  return { ...parts, kind: kind.name, text: joinKey(parts) };
}

export function kindNamed(name: string): RecordKind {
  ensureRegistered();
  const kind = kinds.get(name);
  if (!kind) throw new Error(`No record kind named ${name}`);
  return kind;
}

export const kindOf = (key: RecordKey) => kindNamed(key.kind);

/** Every registered kind, in registration order. */
export const registeredKinds = () => [...kinds.values()];
