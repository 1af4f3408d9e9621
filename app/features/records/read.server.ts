// Reads of records as they are live, or as a draft leaves them, for the editors and the release
// pages: one statement per kind, and the draft applied through the one overlay.
import { readDraft } from "./drafts.server";
import type { Executor } from "./executor";
import { kindNamed, parseKey, type RecordKey } from "./kinds";
import { overlay } from "./overlay";

/** The live values of records (null: does not exist), by key text; one statement per kind. */
export async function readRecords(executor: Executor, keys: (string | RecordKey)[]): Promise<Map<string, unknown>> {
  const parsed = keys.map((key) => (typeof key === "string" ? parseKey(key) : key));
  const byKind = new Map<string, RecordKey[]>();
  for (const key of parsed) byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key]);
  const values = new Map<string, unknown>();
  for (const [kind, group] of byKind) for (const [text, value] of await kindNamed(kind).read(executor, group)) values.set(text, value);
  return values;
}

/** Every record of a kind as the draft leaves it (live when there is no draft), by key text. */
export async function listAsDrafted(executor: Executor, kindName: string, draftId: number | undefined): Promise<Map<string, unknown>> {
  const live = await kindNamed(kindName).list(executor);
  if (draftId === undefined) return live;
  return overlay(live, await readDraft(executor, draftId), (key) => parseKey(key).kind === kindName);
}
