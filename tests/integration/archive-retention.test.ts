// Retention: entries older than the retention period are removed, the bytes no kept page names
// go with them, and the chain stays verifiable from the kept checkpoint, in the database and in an
// export; the "as of" view still answers from the cutoff on, with the pages in force then.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveBlobs, archiveEntries } from "~/db/schema";
import { verifyStoredChain } from "~/features/archive/chain.server";
import { exportArchive } from "~/features/archive/export.server";
import { MANIFEST_FILE, packExport, readTar } from "~/features/archive/export-format.js";
import { sha256Hex } from "~/features/archive/format.js";
import { archiveBegan, pageAsOf, pageTimeline } from "~/features/archive/read.server";
import { parseMoment } from "~/features/archive/query";
import { applyRetention } from "~/features/archive/retention.server";
import { archivePending } from "~/features/archive/worker.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { parseEnv } from "~/platform/env.server";
import { testCapture } from "../support/archive-capture";
import { onBothDatabases, useTestApp } from "../support/test-database";

const admin = { id: "retention-admin", email: "retention@example.com", role: "administrator", language: "en" };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;

function verify(bytes: Buffer, name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "archive-retention-")), name);
  fs.writeFileSync(file, bytes);
  const result = spawnSync(process.execPath, ["scripts/verify-archive.js", file], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe.each(onBothDatabases)("the archive's retention on %s", (kind) => {
  const app = useTestApp(kind);
  let cutoff = new Date();
  const publish = async (title: string) => {
    await upsertContentValue(app.handle.db, { page: "home", section: "hero_title", value: title, actor: admin });
    await archivePending(app.handle.db, { capture: testCapture, owner: "retention", settleMs: 0 });
  };
  const hashes = async () =>
    new Set((await app.handle.db.select({ sha256: archiveBlobs.sha256 }).from(archiveBlobs)).map((row) => row.sha256));

  beforeAll(async () => {
    await publish("Spring rates");
    await pause(1100);
    await publish("Summer rates");
    await pause(1100);
    cutoff = new Date();
    await pause(1100);
    await publish("Autumn rates");
  });

  it("removes the entries before the cutoff and the bytes only they named, keeping a checkpoint the chain verifies from", async () => {
    const db = app.handle.db;
    const before = await db.select().from(archiveEntries);
    expect(await hashes()).toContain(sha256Hex("<h1>Spring rates</h1>"));
    // As if 30 days had passed since the cutoff, with a retention of 30 days.
    const result = await applyRetention(db, { days: 30, now: new Date(cutoff.getTime() + 30 * DAY) });
    expect(result.entries).toBe(before.filter((entry) => entry.changedAt < cutoff).length);
    expect(result.blobs).toBe(1);
    const stored = await hashes();
    // Spring was replaced before the cutoff: gone. Summer was in force at the cutoff: kept.
    expect(stored).not.toContain(sha256Hex("<h1>Spring rates</h1>"));
    expect(stored).toContain(sha256Hex("<h1>Summer rates</h1>"));
    expect(await verifyStoredChain(db)).toBeUndefined();
    const kept = await db.select().from(archiveEntries);
    expect(kept.map((entry) => entry.kind)).toEqual(["content.update", "archive.retention"]);
    expect(kept[1]!.checkpoint).toMatch(/^[0-9a-f]{64}$/);

    // The archive now begins at the cutoff; the pages in force then still open.
    expect((await archiveBegan(db))?.toISOString()).toBe(cutoff.toISOString());
    expect((await pageAsOf(db, admin, "/", cutoff)).body.toString()).toBe("<h1>Summer rates</h1>");
    expect((await pageAsOf(db, admin, "/fees", new Date())).body.toString()).toBe("<p>/fees</p>");
    expect((await pageAsOf(db, admin, "/", new Date())).body.toString()).toBe("<h1>Autumn rates</h1>");
    await expect(pageAsOf(db, admin, "/", new Date(cutoff.getTime() - 1000))).rejects.toThrow(/archive has nothing for that moment/);
  });

  it("lists the version in force at the cutoff as the page's earliest, kept by the checkpoint, opened as of the cutoff", async () => {
    const db = app.handle.db;
    const timeline = await pageTimeline(db, admin, "/");
    expect(timeline.map((version) => version.sha256)).toEqual([sha256Hex("<h1>Autumn rates</h1>"), sha256Hex("<h1>Summer rates</h1>")]);
    expect(timeline[0]!.keptByCheckpoint).toBeNull();
    const kept = timeline.at(-1)!;
    expect(kept).toMatchObject({ kind: "archive.checkpoint", status: 200, by: null, keptByCheckpoint: cutoff.toISOString() });
    expect(new Date(kept.at).getTime()).toBeLessThan(cutoff.getTime());
    // The screen opens it as of the cutoff, to the second: the archive begins there.
    const opened = await pageAsOf(db, admin, "/", parseMoment(kept.keptByCheckpoint!.slice(0, 19))!);
    expect(opened.body.toString()).toBe("<h1>Summer rates</h1>");
  });

  it("exports after retention with the checkpoint, verify-archive checks it and names an altered checkpoint", async () => {
    const file = await exportArchive(app.handle.db, admin, { from: cutoff, to: new Date() });
    const files = readTar(gunzipSync(file.bytes));
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString("utf8"));
    expect(manifest.checkpoint.cutoff).toBe(cutoff.toISOString());
    expect(manifest.entries[0].previousHash).toBe(manifest.checkpoint.lastRemovedHash);
    expect(manifest.versions.find((version: { path: string }) => version.path === "/").file).toBe(
      `pages/${sha256Hex("<h1>Summer rates</h1>")}.html`,
    );
    const good = verify(file.bytes, `site-${kind}.tar.gz`);
    expect(good.out).toMatch(/verified/);
    expect(good.code).toBe(0);

    // An export to a moment before the retention ran still carries the entry that records the checkpoint.
    const early = await exportArchive(app.handle.db, admin, { from: cutoff, to: new Date(cutoff.getTime() + 1500), path: "/" });
    expect(verify(early.bytes, `early-${kind}.tar.gz`).code).toBe(0);

    const altered = structuredClone(manifest);
    altered.checkpoint.pages[0].sha256 = "f".repeat(64);
    const tampered = packExport(
      [...files].map(([name, body]): [string, Buffer] => [name, name === MANIFEST_FILE ? Buffer.from(JSON.stringify(altered)) : body]),
    );
    const result = verify(tampered, `tampered-${kind}.tar.gz`);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`First: ${MANIFEST_FILE}: the retention checkpoint was altered`);
  });

  it("runs again later: the new checkpoint takes over and the chain still verifies", async () => {
    const db = app.handle.db;
    await pause(1100);
    const result = await applyRetention(db, { days: 30, now: new Date(Date.now() + 30 * DAY) });
    await pause(100);
    expect(result.entries).toBe(2);
    expect((await db.select().from(archiveEntries)).map((entry) => entry.kind)).toEqual(["archive.retention"]);
    expect(await verifyStoredChain(db)).toBeUndefined();
    expect((await pageAsOf(db, admin, "/", new Date())).body.toString()).toBe("<h1>Autumn rates</h1>");
    expect(await hashes()).not.toContain(sha256Hex("<h1>Summer rates</h1>"));
    // Nothing older than the period: nothing removed, no entry added.
    expect(await applyRetention(db, { days: 30 })).toEqual({ entries: 0, blobs: 0 });
    // Publishing goes on from the retention entry.
    await publish("Winter rates");
    expect(await verifyStoredChain(db)).toBeUndefined();
    const file = await exportArchive(db, admin, { from: new Date(Date.now() - 60_000), to: new Date() });
    expect(verify(file.bytes, `later-${kind}.tar.gz`).code).toBe(0);
  });

  it("refuses a retention setting that is not a whole number of days between 30 and 36525, with the reason", () => {
    const env = (value: string) => () => parseEnv({ NODE_ENV: "test", DATA_DIR: "/tmp", ARCHIVE_RETENTION_DAYS: value });
    expect(env("5")).toThrow(
      "Invalid configuration: ARCHIVE_RETENTION_DAYS must be at least 30 (days): an archive kept for less proves little",
    );
    expect(env("seven years")).toThrow(
      "Invalid configuration: ARCHIVE_RETENTION_DAYS must be a number of days, such as 2557 (seven years)",
    );
    expect(parseEnv({ NODE_ENV: "test", DATA_DIR: "/tmp" }).ARCHIVE_RETENTION_DAYS).toBe(2557);
    expect(() => parseEnv({ NODE_ENV: "test", DATA_DIR: "/tmp", ARCHIVE: "maybe" })).toThrow(
      "Invalid configuration: ARCHIVE must be on or off",
    );
  });
});
