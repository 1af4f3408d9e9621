import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseHandle } from "./db.server";

const peakRssMegabytes = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;

describe("the embedded database on disk", () => {
  const directories: string[] = [];
  let handle: DatabaseHandle | undefined;

  const newDataDir = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-db-"));
    directories.push(directory);
    return directory;
  };

  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });

  test("a first start creates the database outside the server's memory", async () => {
    // Creating a PGlite database in-process leaves about 750 MB behind; opening one costs a fraction.
    const before = peakRssMegabytes();
    const dataDir = newDataDir();
    handle = await openDatabase({ dataDir });
    expect(peakRssMegabytes() - before).toBeLessThan(400);

    expect(fs.existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "db.creating"))).toBe(false);
    const result = await handle.db.execute(sql`show shared_buffers`);
    expect(result.rows[0]).toEqual({ shared_buffers: "16MB" });
  });

  test("what was written survives a restart", async () => {
    const dataDir = newDataDir();
    handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`create table visit (note text)`);
    await handle.db.execute(sql`insert into visit values ('kept')`);
    await handle.close();

    handle = await openDatabase({ dataDir });
    const result = await handle.db.execute(sql`select note from visit`);
    expect(result.rows).toEqual([{ note: "kept" }]);
  });

  test("files left by an interrupted first start are replaced by a whole database", async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(path.join(dataDir, "db.creating", "base"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "db.creating", "base", "half-written"), "x");

    handle = await openDatabase({ dataDir });
    const result = await handle.db.execute(sql`select 1 as answer`);
    expect(result.rows).toEqual([{ answer: 1 }]);
    expect(fs.existsSync(path.join(dataDir, "db.creating"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "db", "base", "half-written"))).toBe(false);
  });
});
