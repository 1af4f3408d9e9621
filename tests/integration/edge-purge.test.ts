import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { edgePurges } from "~/db/schema";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import { parseEdgeConfig } from "~/features/edge-cache/config.server";
import {
  REPEAT_AFTER_MS,
  createPurgeCounters,
  edgeStatus,
  enqueuePurge,
  purgeBackoffMs,
  sendDuePurges,
} from "~/features/edge-cache/purge.server";
import { startEdgeCache } from "~/features/edge-cache/service.server";
import type { PurgeTarget } from "~/features/edge-cache/targets.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

/** A purge target that records what it was sent, and fails while `down` is set. */
function fakeTarget(name: string) {
  const sent: string[][] = [];
  const target = {
    name,
    maxTags: 3,
    down: false,
    sent,
    purge: async (tags: string[]) => {
      if (target.down) throw new Error("ECONNREFUSED");
      sent.push(tags);
    },
  };
  return target satisfies PurgeTarget;
}

describe.each(onBothDatabases)("edge purges on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;
  afterEach(async () => {
    await db().delete(edgePurges);
  });

  it("owes every edge a purge of the records a write changed, now and once more shortly after", async () => {
    const stop = await startEdgeCache(parseEdgeConfig({ EDGE_VARNISH_PURGE: "http://127.0.0.1:6081,http://127.0.0.2:6081" }), db);
    try {
      // A start owes each edge the whole site (a new build, a restore).
      const atStart = await db().select().from(edgePurges);
      expect(atStart.map((row) => [row.target, row.tags])).toEqual([
        ["varnish 127.0.0.1:6081", ["site"]],
        ["varnish 127.0.0.1:6081", ["site"]],
        ["varnish 127.0.0.2:6081", ["site"]],
        ["varnish 127.0.0.2:6081", ["site"]],
      ]);
      await db().delete(edgePurges);
      const before = Date.now();
      await writeContentRow(db(), {
        page: "home",
        section: "hero_title",
        actor: null,
        action: "create",
        change: () => newContentRow("home", "hero_title", "text", "Edge title"),
      });
      const rows = await db().select().from(edgePurges).orderBy(edgePurges.id);
      expect(rows.map((row) => row.target)).toEqual([
        "varnish 127.0.0.1:6081",
        "varnish 127.0.0.1:6081",
        "varnish 127.0.0.2:6081",
        "varnish 127.0.0.2:6081",
      ]);
      for (const row of rows) expect(row.tags).toEqual(["home/hero_title", "home/*", "wide"]);
      const delays = rows.map((row) => row.nextAt.getTime() - row.createdAt.getTime());
      expect(delays).toEqual([0, REPEAT_AFTER_MS, 0, REPEAT_AFTER_MS]);
      expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      stop();
    }
    // Without an edge a write owes nothing.
    await writeContentRow(db(), {
      page: "home",
      section: "hero_title",
      actor: null,
      action: "update",
      change: (row) => ({ ...row!, contentValue: "Edge title 2" }),
    });
    expect(await db().$count(edgePurges)).toBe(4);
  });

  it("sends what is due, an edge's rows merged in requests of its size, and retries a down edge with backoff until it answers", async () => {
    const up = fakeTarget("varnish up");
    const down = fakeTarget("webhook down");
    down.down = true;
    const counters = createPurgeCounters();
    const now = new Date();
    await enqueuePurge(db(), [up.name, down.name], ["home/hero_title", "home/*", "wide"], now);
    await enqueuePurge(db(), [up.name, down.name], ["menu:4", "menu:*", "wide"], now);

    expect(await sendDuePurges(db(), [up, down], counters, now)).toBe(4);
    // Merged and deduplicated, three tags a request.
    expect(up.sent).toEqual([
      ["home/hero_title", "home/*", "wide"],
      ["menu:4", "menu:*"],
    ]);
    expect(counters.purged.get("varnish up")).toBe(1);
    expect(counters.failed.get("webhook down")).toBe(1);
    expect(counters.lastLagMs).toBeGreaterThanOrEqual(0);

    const owed = await db().select().from(edgePurges).where(eq(edgePurges.target, down.name));
    expect(owed.filter((row) => row.doneAt === null && row.error === "ECONNREFUSED" && row.attempts === 1)).toHaveLength(2);
    const [status] = await edgeStatus(db(), [down.name]);
    expect(status).toMatchObject({ target: down.name, lastPurgeAt: null, failure: { error: "ECONNREFUSED", attempts: 1 } });
    expect(status!.pending).toBe(4);

    // Not due again before its backoff; then, still down, the wait doubles.
    expect(await sendDuePurges(db(), [up, down], counters, new Date())).toBe(0);
    await db()
      .update(edgePurges)
      .set({ nextAt: sql`now() - interval '1 second'` })
      .where(eq(edgePurges.target, down.name));
    await sendDuePurges(db(), [up, down], counters);
    const [again] = await db().select().from(edgePurges).where(eq(edgePurges.target, down.name)).limit(1);
    expect(again!.attempts).toBe(2);
    expect(purgeBackoffMs(1)).toBe(1000);
    expect(purgeBackoffMs(2)).toBe(2000);
    expect(purgeBackoffMs(20)).toBe(60_000);

    // The edge answers: everything owed goes, in one merged purge, and the failure clears.
    down.down = false;
    await db()
      .update(edgePurges)
      .set({ nextAt: sql`now()` });
    await sendDuePurges(db(), [up, down], counters, new Date(Date.now() + 5000));
    expect(down.sent.flat().sort()).toEqual(["home/*", "home/hero_title", "menu:*", "menu:4", "wide"]);
    const [recovered] = await edgeStatus(db(), [down.name]);
    expect(recovered).toMatchObject({ pending: 0, failure: null });
    expect(recovered!.lastPurgeAt).toBeInstanceOf(Date);
  });

  it("lets two servers share the work: a claimed row is not sent twice", async () => {
    const target = fakeTarget("varnish shared");
    await enqueuePurge(db(), [target.name], ["site"]);
    const now = new Date(Date.now() + REPEAT_AFTER_MS + 1000);
    const [first, second] = await Promise.all([
      sendDuePurges(db(), [target], undefined, now),
      sendDuePurges(db(), [target], undefined, now),
    ]);
    expect(first + second).toBe(2);
    expect(target.sent.flat()).toEqual(kind === "pglite" ? ["site"] : expect.arrayContaining(["site"]));
    expect(await db().$count(edgePurges, sql`${edgePurges.doneAt} is null`)).toBe(0);
  });
});
