// Redirects: from an old path to a path of this site or an absolute address, 301 or 302.
// Chains are collapsed when written (every redirect points straight at its final target) and
// loops are refused, so a visitor never follows more than one hop.
import { asc, eq } from "drizzle-orm";
import { landingPages, redirects, type RedirectRow } from "~/db/schema";
import type { Actor, Executor } from "~/features/history/revisions.server";
import type { Database } from "~/platform/db.server";
import { addressKey, sameAddress } from "./address-key";
import { refuseLoop } from "./redirect-loops.server";
import { normalisePath, redirectFromProblem, redirectTargetProblem, slugMessages } from "./slug";
import { redirectKey, redirectSnapshot } from "./snapshot.server";
import { PageWriteError, writeRecord, type SideChange } from "./write.server";

export interface RedirectInput {
  fromPath: string;
  toPath: string;
  status: 301 | 302;
}

export const listRedirects = (db: Pick<Database, "select">) => db.select().from(redirects).orderBy(asc(redirects.fromPath));

const refuse = (field: "fromPath" | "toPath", message: string) => new PageWriteError(message, 400, { [field]: [message] });

/** The final target of `to` after following every redirect already stored (a loop back to `from` refused). */
export function finalTarget(all: Map<string, RedirectRow>, from: string, to: string): string {
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

async function redirectsByFrom(transaction: Executor) {
  const rows = await transaction.select().from(redirects);
  return new Map(rows.map((row) => [addressKey(row.fromPath) ?? normalisePath(row.fromPath), row]));
}

/**
 * Points every redirect that led to `from` straight at `to` (collapsing the chain) and answers
 * the changes for their revisions. A redirect that would then lead to itself is a loop: refused.
 */
export async function collapseInto(transaction: Executor, from: string, to: string, skipId?: number): Promise<SideChange[]> {
  const changes: SideChange[] = [];
  const rows = await transaction.select().from(redirects);
  for (const row of rows) {
    if (row.id === skipId || !sameAddress(row.toPath, from)) continue;
    if (sameAddress(to, row.fromPath)) throw refuse("toPath", slugMessages.loop);
    const [updated] = await transaction.update(redirects).set({ toPath: to }).where(eq(redirects.id, row.id)).returning();
    changes.push({ key: redirectKey(row.id), action: "update", before: redirectSnapshot(row), after: redirectSnapshot(updated) });
  }
  return changes;
}

/** Refuses a source some page or another redirect already answers. */
async function checkSourceFree(transaction: Executor, from: string, ownId?: number) {
  const problem = redirectFromProblem(from);
  if (problem) throw refuse("fromPath", problem);
  // `/%61` is `/a`: a source is compared by the address it answers, not its spelling.
  const key = addressKey(from) ?? normalisePath(from);
  const [page] = await transaction.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.path, key));
  if (page) throw refuse("fromPath", slugMessages.page);
  const others = await transaction.select({ id: redirects.id, fromPath: redirects.fromPath }).from(redirects);
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
  return writeRecord<RedirectRow>(db, {
    key: (row) => redirectKey(row.id),
    area: "redirects",
    action: "create",
    actor,
    change: async (transaction) => {
      await checkSourceFree(transaction, input.fromPath);
      const target = finalTarget(await redirectsByFrom(transaction), input.fromPath, input.toPath);
      const sideChanges = await collapseInto(transaction, input.fromPath, target);
      await refuseLoop(transaction, { from: input.fromPath, to: target }, "toPath");
      const [row] = await transaction
        .insert(redirects)
        .values({ ...input, toPath: target })
        .returning();
      return { result: row!, sideChanges };
    },
  });
}

export function updateRedirect(db: Database, id: number, input: RedirectInput, actor: Actor, version?: number) {
  checkTarget(input);
  return writeRecord<RedirectRow>(db, {
    key: redirectKey(id),
    area: "redirects",
    action: "update",
    actor,
    version,
    change: async (transaction, before) => {
      if (!before) throw new PageWriteError("Переадресация не найдена", 404);
      await checkSourceFree(transaction, input.fromPath, id);
      const all = await redirectsByFrom(transaction);
      for (const [from, row] of all) if (row.id === id) all.delete(from);
      const target = finalTarget(all, input.fromPath, input.toPath);
      const sideChanges = await collapseInto(transaction, input.fromPath, target, id);
      await refuseLoop(transaction, { from: input.fromPath, to: target, skipRedirectId: id }, "toPath");
      const [row] = await transaction
        .update(redirects)
        .set({ ...input, toPath: target, automatic: false })
        .where(eq(redirects.id, id))
        .returning();
      return { result: row!, sideChanges };
    },
  });
}

export function deleteRedirect(db: Database, id: number, actor: Actor, version?: number) {
  return writeRecord<true>(db, {
    key: redirectKey(id),
    area: "redirects",
    action: "delete",
    actor,
    version,
    change: async (transaction, before) => {
      if (!before) throw new PageWriteError("Переадресация не найдена", 404);
      await transaction.delete(redirects).where(eq(redirects.id, id));
      return { result: true };
    },
  });
}
