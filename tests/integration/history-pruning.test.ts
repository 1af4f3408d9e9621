import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentRevisions } from "~/db/schema";
import { pruneRevisions } from "~/features/history/pruning.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

const DAY = 24 * 60 * 60 * 1000;

describe.each(onBothDatabases)("content history retention on %s", (kind) => {
  const app = useTestApp(kind);
  const now = new Date("2026-06-01T00:00:00Z");
  const revision = (key: string, daysAgo: number) => ({
    key,
    area: "content",
    action: "update",
    after: { contentValue: `${key} ${daysAgo}` },
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  });
  const keysLeft = async (key: string) =>
    (await app.handle.db.select({ createdAt: contentRevisions.createdAt }).from(contentRevisions).where(eq(contentRevisions.key, key))).map(
      (row) => Math.round((now.getTime() - row.createdAt.getTime()) / DAY),
    );

  it("keeps the newest per key and everything recent, and deletes only what is both old and beyond them", async () => {
    // busy/a: 8 old revisions (oldest first, ids rising with time) and 3 recent ones.
    const busy = [200, 190, 180, 170, 160, 150, 140, 130, 20, 10, 1].map((days) => revision("busy/a", days));
    // quiet/b: 3 old revisions only: within `keep`, so all stay however old.
    const quiet = [400, 300, 200].map((days) => revision("quiet/b", days));
    // recent/c: many revisions, all within the window: all stay.
    const recent = Array.from({ length: 12 }, (_, index) => revision("recent/c", 12 - index));
    await app.handle.db.insert(contentRevisions).values([...busy, ...quiet, ...recent]);

    const deleted = await pruneRevisions(app.handle.db, { keep: 5, days: 90 }, now);
    // busy/a keeps its 5 newest (1, 10, 20, 130, 140) — 150..200 are old and beyond them.
    expect((await keysLeft("busy/a")).sort((a, b) => a - b)).toEqual([1, 10, 20, 130, 140]);
    expect(await keysLeft("quiet/b")).toHaveLength(3);
    expect(await keysLeft("recent/c")).toHaveLength(12);
    expect(deleted).toBe(6);
    // Running again finds nothing more.
    expect(await pruneRevisions(app.handle.db, { keep: 5, days: 90 }, now)).toBe(0);
  });

  it("deletes in batches until nothing old is left, keeping the newest of each key", async () => {
    await app.handle.db.execute(sql`
      insert into content_revisions (key, area, action, created_at)
      select 'bulk/' || (n % 3), 'content', 'update', ${new Date(now.getTime() - 365 * DAY)}::timestamptz + (n || ' seconds')::interval
      from generate_series(1, 4500) as n`);
    const deleted = await pruneRevisions(app.handle.db, { keep: 1, days: 30 }, now);
    // bulk keeps one per key; quiet/b and busy/a lose their old ones beyond the newest.
    expect(deleted).toBe(4500 - 3 + 2 + 2);
    for (const key of ["bulk/0", "bulk/1", "bulk/2", "quiet/b", "busy/a"]) expect((await keysLeft(key)).length).toBeGreaterThanOrEqual(1);
  });
});
