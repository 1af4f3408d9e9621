// Redirects: from an old path to a path of this site or an absolute address, 301 or 302.
// Chains are collapsed when written (every redirect points straight at its final target) and
// loops are refused, so a visitor never follows more than one hop.
import { asc } from "drizzle-orm";
import { redirects } from "~/db/schema";
import type { Actor } from "~/features/records/revisions.server";
import type { WriteContext } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";
import { addressKey, sameAddress } from "./address-key";
import { refuseLoop } from "./redirect-loops.server";
import { normalisePath, redirectFromProblem, redirectTargetProblem, slugMessages } from "./slug";
import { defaultPagesOf, redirectRecordKey, type RedirectSnapshot } from "./internal/records.server";
import { PageWriteError, writeRecord, type SideChange } from "./internal/write.server";

export interface RedirectInput {
  fromPath: string;
  toPath: string;
  status: 301 | 302;
}

export const listRedirects = (db: Pick<Database, "select">) => db.select().from(redirects).orderBy(asc(redirects.fromPath));

const refuse = (field: "fromPath" | "toPath", message: string) => new PageWriteError(message, 400, { [field]: [message] });

/** The final target of `to` after following every redirect already stored (a loop back to `from` refused). */
export function finalTarget(all: Map<string, RedirectSnapshot>, from: string, to: string): string {
  let target = to;
  for (let hops = 0; hops <= all.size; hops += 1) {
    const key = addressKey(target);
    if (key === undefined) return target;
    if (key === addressKey(from)) throw refuse("toPath", slugMessages.loop);
    const next = all.get(key);
    if (!next) return target;
    target = next.toPath;
  }
  throw refuse("toPath", slugMessages.loop);
}

/** Every redirect as the write's target leaves it (live, or the release over live). */
export const redirectsAsLeft = async (context: WriteContext) => [...(await context.list("redirect")).values()] as RedirectSnapshot[];

async function redirectsByFrom(context: WriteContext) {
  return new Map((await redirectsAsLeft(context)).map((row) => [addressKey(row.fromPath) ?? normalisePath(row.fromPath), row]));
}

/**
 * Points every redirect that led to `from` straight at `to` (collapsing the chain) and answers
 * the changes for their revisions. A redirect that would then lead to itself is a loop: refused.
 */
export async function collapseInto(context: WriteContext, from: string, to: string, skip: number | number[] = []): Promise<SideChange[]> {
  const changes: SideChange[] = [];
  const skipped = Array.isArray(skip) ? skip : [skip];
  for (const row of await redirectsAsLeft(context)) {
    if (skipped.includes(row.id) || !sameAddress(row.toPath, from)) continue;
    if (sameAddress(to, row.fromPath)) throw refuse("toPath", slugMessages.loop);
    changes.push({ key: redirectRecordKey(row.id), action: "update", after: { ...row, toPath: to } });
  }
  return changes;
}

/** Refuses a source some page or another redirect already answers. */
async function checkSourceFree(context: WriteContext, from: string, ownId?: number) {
  const problem = redirectFromProblem(from);
  if (problem) throw refuse("fromPath", problem);
  // `/%61` is `/a`: a source is compared by the address it answers, not its spelling.
  const key = addressKey(from) ?? normalisePath(from);
  const pages = defaultPagesOf(await context.list("landing-page"));
  if (pages.some((page) => page.path === key)) throw refuse("fromPath", slugMessages.page);
  const others = await redirectsAsLeft(context);
  if (others.some((other) => other.id !== ownId && (addressKey(other.fromPath) ?? normalisePath(other.fromPath)) === key))
    throw refuse("fromPath", slugMessages.redirect);
}

function checkTarget(input: RedirectInput) {
  const problem = redirectTargetProblem(input.toPath);
  if (problem) throw refuse("toPath", problem);
  if (sameAddress(input.toPath, input.fromPath)) throw refuse("toPath", slugMessages.same);
}

/** Adds a redirect by hand: its target collapsed to the end of any chain, chains into it re-aimed. */
export function createRedirect(db: Database, input: RedirectInput, actor: Actor) {
  checkTarget(input);
  return writeRecord<RedirectSnapshot>(db, {
    key: (row) => redirectRecordKey(row.id),
    action: "create",
    actor,
    change: async (context) => {
      await checkSourceFree(context, input.fromPath);
      const target = finalTarget(await redirectsByFrom(context), input.fromPath, input.toPath);
      const sideChanges = await collapseInto(context, input.fromPath, target);
      await refuseLoop(context, { from: input.fromPath, to: target }, "toPath");
      const id = Number(await context.allocateId("redirect"));
      const row: RedirectSnapshot = { id, ...input, toPath: target, automatic: false };
      return { result: row, after: row, sideChanges };
    },
  });
}

export function updateRedirect(db: Database, id: number, input: RedirectInput, actor: Actor, version?: number) {
  checkTarget(input);
  return writeRecord<RedirectSnapshot>(db, {
    key: redirectRecordKey(id),
    action: "update",
    actor,
    version,
    change: async (context, before) => {
      if (!before) throw new PageWriteError("Переадресация не найдена", 404);
      await checkSourceFree(context, input.fromPath, id);
      const all = await redirectsByFrom(context);
      for (const [from, row] of all) if (row.id === id) all.delete(from);
      const target = finalTarget(all, input.fromPath, input.toPath);
      const sideChanges = await collapseInto(context, input.fromPath, target, id);
      await refuseLoop(context, { from: input.fromPath, to: target, skipRedirectId: id }, "toPath");
      const row: RedirectSnapshot = { ...(before as RedirectSnapshot), ...input, toPath: target, automatic: false };
      return { result: row, after: row, sideChanges };
    },
  });
}

export function deleteRedirect(db: Database, id: number, actor: Actor, version?: number) {
  return writeRecord<true>(db, {
    key: redirectRecordKey(id),
    action: "delete",
    actor,
    version,
    change: async (_context, before) => {
      if (!before) throw new PageWriteError("Переадресация не найдена", 404);
      return { result: true, after: null };
    },
  });
}
