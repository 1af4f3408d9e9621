import { describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";
import { pruneRateLimits, resetRateLimits, takeAttempt } from "~/platform/rate-limit.server";
import { createPostgresDatabase, onBothDatabases, useTestApp } from "../support/test-database";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

describe.each(onBothDatabases)("auth rate limits in the database (%s)", (kind) => {
  const app = useTestApp(kind);

  it("lets `limit` attempts through per sliding minute and says when to come back", async () => {
    await resetRateLimits(app.handle.db);
    const take = (seconds: number) => takeAttempt(app.handle.db, "sign-in:a", 3, { now: at(seconds) });
    expect(await take(0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await take(10)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await take(20)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // The oldest counted attempt (at 0 s) leaves the window at 60 s.
    expect(await take(30)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // A refused attempt is not counted: it does not push the window on.
    expect(await take(59)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await take(61)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // Sliding, not fixed: at 65 s the attempts at 10, 20 and 61 s are still in the window.
    expect(await take(65)).toEqual({ allowed: false, retryAfterSeconds: 5 });
    // Another key has its own allowance.
    expect(await takeAttempt(app.handle.db, "sign-in:b", 3, { now: at(65) })).toMatchObject({ allowed: true });
  });

  it("counts on the database's clock when given no time", async () => {
    await resetRateLimits(app.handle.db);
    expect(await takeAttempt(app.handle.db, "clock", 1)).toMatchObject({ allowed: true });
    const refused = await takeAttempt(app.handle.db, "clock", 1);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("lets no more than the limit through when attempts arrive at once", async () => {
    await resetRateLimits(app.handle.db);
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(app.handle.db, "burst", 7)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(7);
    const [row] = await app.handle.db.select().from(rateLimits);
    expect(row!.hits).toHaveLength(7);
  });

  it("prunes only the rows whose window has passed", async () => {
    await resetRateLimits(app.handle.db);
    await takeAttempt(app.handle.db, "old", 5, { now: at(0) });
    await takeAttempt(app.handle.db, "recent", 5, { now: at(50) });
    expect(await pruneRateLimits(app.handle.db, at(100))).toBe(1);
    expect((await app.handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual(["recent"]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("auth rate limits shared by two servers (postgres)", () => {
  it("holds one allowance across two connection pools, one at a time and at once", async () => {
    const database = await createPostgresDatabase("site_rate_limits");
    const handles: DatabaseHandle[] = [];
    try {
      handles.push(await openDatabase({ databaseUrl: database.url }), await openDatabase({ databaseUrl: database.url }));
      const [a, b] = handles.map((handle) => handle.db) as [DatabaseHandle["db"], DatabaseHandle["db"]];
      // In turn: four through A and B alternately, then both refuse.
      const turns = [];
      for (const db of [a, b, a, b, a, b]) turns.push((await takeAttempt(db, "sign-in:turns", 4)).allowed);
      expect(turns).toEqual([true, true, true, true, false, false]);
      // At once: forty attempts spread over both pools (ten connections each).
      const verdicts = await Promise.all(Array.from({ length: 40 }, (_, index) => takeAttempt(index % 2 ? a : b, "sign-in:burst", 9)));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(9);
    } finally {
      for (const handle of handles) await handle.close();
      await database.drop();
    }
  });
});
