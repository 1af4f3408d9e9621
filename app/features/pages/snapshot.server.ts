// What a revision of a landing page or a redirect records, and putting one back. History's
// restore (and release staging and publishing) reach every key of this feature through these.
import { eq, sql } from "drizzle-orm";
import { landingPages, redirects, type LandingPageRow, type RedirectRow } from "~/db/schema";
import type { Executor } from "~/features/history/revisions.server";

export type PageSnapshot = Omit<LandingPageRow, "updatedAt">;
export type RedirectSnapshot = Pick<RedirectRow, "id" | "fromPath" | "toPath" | "status" | "automatic">;

export const pageKey = (id: number) => `page:${id}`;
export const redirectKey = (id: number) => `redirect:${id}`;

/** `page:12` → { kind: "page", id: 12 }; undefined for keys of other features. */
export function parseRecordKey(key: string): { kind: "page" | "redirect"; id: number } | undefined {
  const match = /^(page|redirect):(\d{1,9})$/.exec(key);
  return match ? { kind: match[1] as "page" | "redirect", id: Number(match[2]) } : undefined;
}

export function pageSnapshot(row: LandingPageRow | undefined): PageSnapshot | null {
  if (!row) return null;
  const { updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

export function redirectSnapshot(row: RedirectRow | undefined): RedirectSnapshot | null {
  if (!row) return null;
  const { id, fromPath, toPath, status, automatic } = row;
  return { id, fromPath, toPath, status, automatic };
}

export async function readPageSnapshot(executor: Executor, id: number): Promise<PageSnapshot | null> {
  const [row] = await executor.select().from(landingPages).where(eq(landingPages.id, id));
  return pageSnapshot(row);
}

export async function readRedirectSnapshot(executor: Executor, id: number): Promise<RedirectSnapshot | null> {
  const [row] = await executor.select().from(redirects).where(eq(redirects.id, id));
  return redirectSnapshot(row);
}

/** Puts a page back under its own id as a revision recorded it; null removes it. */
export async function applyPageSnapshot(executor: Executor, id: number, snapshot: PageSnapshot | null): Promise<PageSnapshot | null> {
  if (!snapshot) {
    await executor.delete(landingPages).where(eq(landingPages.id, id));
    return null;
  }
  const { id: _id, ...values } = snapshot;
  const [row] = await executor
    .insert(landingPages)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: landingPages.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  await bumpSequence(executor, "landing_pages");
  return pageSnapshot(row);
}

/** Puts a redirect back under its own id (its hit count kept when it still exists); null removes it. */
export async function applyRedirectSnapshot(
  executor: Executor,
  id: number,
  snapshot: RedirectSnapshot | null,
): Promise<RedirectSnapshot | null> {
  if (!snapshot) {
    await executor.delete(redirects).where(eq(redirects.id, id));
    return null;
  }
  const { id: _id, ...values } = snapshot;
  const [row] = await executor
    .insert(redirects)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: redirects.id, set: values })
    .returning();
  await bumpSequence(executor, "redirects");
  return redirectSnapshot(row);
}

/** A row put back under its id must not be handed out again by the id sequence. */
async function bumpSequence(executor: Executor, table: "landing_pages" | "redirects") {
  await executor.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
  );
}

/** Applies any snapshot of this feature's keys: one entry for history's restore and for releases. */
export async function applyRecordSnapshot(executor: Executor, key: string, snapshot: unknown) {
  const parsed = parseRecordKey(key);
  if (!parsed) throw new Error(`not a page or redirect key: ${key}`);
  return parsed.kind === "page"
    ? applyPageSnapshot(executor, parsed.id, snapshot as PageSnapshot | null)
    : applyRedirectSnapshot(executor, parsed.id, snapshot as RedirectSnapshot | null);
}

/** Reads the live value of any key of this feature, as a revision would record it. */
export function readRecordSnapshot(executor: Executor, key: string) {
  const parsed = parseRecordKey(key);
  if (!parsed) throw new Error(`not a page or redirect key: ${key}`);
  return parsed.kind === "page" ? readPageSnapshot(executor, parsed.id) : readRedirectSnapshot(executor, parsed.id);
}
