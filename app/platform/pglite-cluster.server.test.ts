import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, test } from "vitest";
import { pgliteStartParams } from "./db.server";
import { clusterTemplatePath, createPgliteDirectory } from "./pglite-cluster.server";

const filesOf = (directory: string) =>
  fs
    .readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => fs.statSync(path.join(directory, file)).isFile())
    .sort();

describe("a new embedded database's files", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "site-cluster-"));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  test("the first is initialised once and kept; the next ones are copies of it that PostgreSQL opens", async () => {
    const template = clusterTemplatePath(pgliteStartParams, path.join(scratch, "cache"));
    expect(fs.existsSync(template)).toBe(false);
    await createPgliteDirectory(path.join(scratch, "first"), pgliteStartParams, template);
    expect(fs.existsSync(path.join(template, "PG_VERSION"))).toBe(true);

    // A kept cluster whose marker file is changed shows that the next database is its copy.
    fs.writeFileSync(path.join(template, "copied-from-the-kept-cluster"), "yes");
    const started = performance.now();
    await createPgliteDirectory(path.join(scratch, "second"), pgliteStartParams, template);
    const copyMs = performance.now() - started;
    expect(fs.readFileSync(path.join(scratch, "second", "copied-from-the-kept-cluster"), "utf8")).toBe("yes");
    expect(filesOf(path.join(scratch, "second"))).toEqual(filesOf(template));
    // initdb takes seconds of a core; a copy of its 40 MB a fraction of one.
    expect(copyMs).toBeLessThan(3_000);

    const database = new PGlite(path.join(scratch, "second"), { startParams: pgliteStartParams });
    await database.exec("create table visit (note text); insert into visit values ('kept');");
    expect((await database.query("select note from visit")).rows).toEqual([{ note: "kept" }]);
    await database.close();
  });

  test("another PGlite version or other start settings get a cluster of their own", () => {
    const cache = path.join(scratch, "cache");
    expect(clusterTemplatePath([...pgliteStartParams, "-c", "work_mem=8MB"], cache)).not.toBe(
      clusterTemplatePath(pgliteStartParams, cache),
    );
    expect(path.basename(clusterTemplatePath(pgliteStartParams, cache))).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);
  });

  test("where no cluster can be kept (a read-only installation), each new database is initialised", async () => {
    // A file where the cache's folder would be: nothing can be written under it.
    const blocked = path.join(scratch, "read-only");
    fs.writeFileSync(blocked, "");
    await createPgliteDirectory(path.join(scratch, "third"), pgliteStartParams, path.join(blocked, "cluster"));
    expect(fs.existsSync(path.join(scratch, "third", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(scratch, "third.creating"))).toBe(false);
  });

  test("a kept cluster that cannot be copied (another user's files) is passed over, and the database initialised", async () => {
    const template = path.join(scratch, "uncopyable");
    fs.mkdirSync(template);
    fs.writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    // An entry no copy can take (the tests run as root, whom file modes do not stop): a named pipe.
    execFileSync("mkfifo", [path.join(template, "pipe")]);
    await createPgliteDirectory(path.join(scratch, "fourth"), pgliteStartParams, template);
    expect(fs.existsSync(path.join(scratch, "fourth", "base"))).toBe(true);
    expect(fs.existsSync(path.join(scratch, "fourth", "pipe"))).toBe(false);
    expect(fs.existsSync(path.join(scratch, "fourth.creating"))).toBe(false);
  });
});
