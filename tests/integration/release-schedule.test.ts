import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, releaseChanges, releases } from "~/db/schema";
import { publishDueReleases } from "~/features/releases/schedule.server";
import { openDatabase, type Database, type DatabaseHandle } from "~/platform/db.server";
import { startJobs } from "~/platform/jobs.server";
import { scheduledPublishJob } from "~/features/releases/schedule.server";
import { commandEntryArgs } from "../support/command-entry";
import { createMigratedPostgresDatabase, embeddedDataDirFromTemplate, onBothDatabases } from "../support/test-database";

/** A scheduled release of one staged setting, due at `at`. */
async function scheduleOne(db: Database, name: string, at: Date) {
  const [release] = await db.insert(releases).values({ name, state: "scheduled", scheduledAt: at }).returning();
  await db.insert(releaseChanges).values({
    releaseId: release!.id,
    key: `schedule/release_${name.replace(/\W+/g, "_").toLowerCase()}`,
    area: "content",
    staged: {
      pageName: "schedule",
      sectionName: `release_${name.replace(/\W+/g, "_").toLowerCase()}`,
      contentType: "text",
      contentValue: name,
      richContent: null,
      pageUrl: null,
    },
    liveRevisionId: 0,
  });
  return release!.id;
}

const publishEvents = async (db: Database) =>
  (await db.select().from(activityEvents).where(eq(activityEvents.kind, "release.publish"))).map(
    (event) => (event.details as { releaseId: number }).releaseId,
  );

/**
 * The database two instances share: a PostgreSQL database, or an embedded one in a directory,
 * each a copy of the run's migrated database.
 */
async function sharedDatabase(kind: string) {
  if (kind === "postgres") {
    const database = await createMigratedPostgresDatabase("site_schedule");
    return {
      env: { DATABASE_URL: database.url } as Record<string, string>,
      open: () => openDatabase({ databaseUrl: database.url }),
      drop: database.drop,
    };
  }
  const dir = embeddedDataDirFromTemplate(fs.mkdtempSync(path.join(os.tmpdir(), "release-schedule-")));
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function startChild(env: Record<string, string>) {
  const child = spawn(process.execPath, commandEntryArgs("release-scheduler-child"), {
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`child exited ${code}`)));
  });
  return { child, ready };
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}

describe.each(onBothDatabases)("scheduled publishing on %s", (kind) => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  beforeAll(async () => {
    shared = await sharedDatabase(kind);
  });
  afterAll(async () => {
    await shared.drop();
  });

  it("publishes each due release exactly once when two instances look at the same moment", async () => {
    const first = await shared.open();
    // Two instances: two connection pools on PostgreSQL; the embedded database has one connection.
    const second: DatabaseHandle = kind === "postgres" ? await shared.open() : first;
    try {
      const past = new Date(Date.now() - 1000);
      const ids = [];
      for (let index = 0; index < 10; index += 1) ids.push(await scheduleOne(first.db, `Due ${index}`, past));
      const future = await scheduleOne(first.db, "Not yet", new Date(Date.now() + 3_600_000));
      const rounds = await Promise.all([publishDueReleases(first.db), publishDueReleases(second.db), publishDueReleases(first.db)]);
      expect(rounds.flat().sort((a, b) => a - b)).toEqual(ids);
      expect((await publishEvents(first.db)).sort((a, b) => a - b)).toEqual(ids);
      const states = await first.db.select({ id: releases.id, state: releases.state }).from(releases);
      expect(states.find((row) => row.id === future)!.state).toBe("scheduled");
      expect(states.filter((row) => row.state === "published")).toHaveLength(10);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });

  it("catches up a release missed while the instance was killed (SIGKILL) within seconds of the next start", async () => {
    const setup = await shared.open();
    const due = new Date(Date.now() + 4_000);
    const id = await scheduleOne(setup.db, "Missed while down", due);
    await setup.close();
    const { child, ready } = startChild(shared.env);
    await ready;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // The site stays down past the publish time.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now()) + 500));
    const restarted = await shared.open();
    const scheduler = startJobs([scheduledPublishJob(() => restarted.db, {}, 200)]);
    try {
      const publishedAt = await until(
        async () => (await restarted.db.select().from(releases).where(eq(releases.id, id)))[0]!.state === "published",
        15_000,
      );
      expect(publishedAt - due.getTime()).toBeLessThan(60_000);
      expect((await publishEvents(restarted.db)).filter((release) => release === id)).toHaveLength(1);
    } finally {
      await scheduler.stop();
      await restarted.close();
    }
  }, 60_000);

  it("marks a release failed (shown and logged) when its publish cannot apply, and publishes nothing of it", async () => {
    const handle = await shared.open();
    try {
      const [release] = await handle.db
        .insert(releases)
        .values({ name: "Broken", state: "scheduled", scheduledAt: new Date(Date.now() - 1000) })
        .returning();
      await handle.db.insert(releaseChanges).values({
        releaseId: release!.id,
        key: "menu:999999",
        area: "menu",
        staged: { id: 999999, displayName: "x", url: "/x", menuType: "header", sortOrder: 5000, sectionName: "x", isActive: true },
        liveRevisionId: 0,
      });
      await publishDueReleases(handle.db);
      const [row] = await handle.db.select().from(releases).where(eq(releases.id, release!.id));
      expect(row).toMatchObject({ state: "failed" });
      expect(row!.failureMessage).toBeTruthy();
      expect((await handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "release.failed"))).length).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
