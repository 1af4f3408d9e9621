// A new embedded database's files. PostgreSQL's initdb, compiled to WebAssembly with the rest of
// PGlite, takes seconds of a core and a second PostgreSQL instance's memory; its output is the
// same for every new database of one PGlite version and start settings. So it runs once: the
// empty cluster it writes is kept beside the installed packages (node_modules/.cache, where only
// whoever installed the site can write), and every later new database (a first start, a restore
// into a new DATA_DIR or into the restore's staging folder) is a copy of it.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { logger } from "./logger.server";

const require = createRequire(import.meta.url);
const pgliteEntry = require.resolve("@electric-sql/pglite");

/** Where the empty cluster of this PGlite version and these start settings is kept. */
export function clusterTemplatePath(startParams: string[], cacheRoot = path.resolve("node_modules/.cache/pglite-cluster")) {
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(pgliteEntry), "..", "package.json"), "utf8")) as {
    version: string;
  };
  const settings = crypto.createHash("sha256").update(JSON.stringify(startParams)).digest("hex").slice(0, 12);
  return path.join(cacheRoot, `${version}-${settings}`);
}

/**
 * Runs initdb in a child process into `target`. Initialising runs a second PostgreSQL instance
 * beside the first and leaves the heap of both behind (about 750 MB), memory a long-running
 * server would never give back.
 */
async function initialiseCluster(target: string, startParams: string[]) {
  const script = `
    const [pglite, dataPath, params] = process.argv.slice(1);
    require(pglite).PGlite.create(dataPath, { startParams: JSON.parse(params), initDbStartParams: ["-c", "shared_buffers=16MB"] })
      .then((db) => db.close())
      .then(() => process.exit(0), (error) => { console.error(error.message); process.exit(1); });`;
  // Without V8's optimising compiler for PostgreSQL's WebAssembly (as server.js runs it) and with
  // initdb's own PostgreSQL on the small pool too, the first start peaked at some 620 MB instead
  // of 770 MB (bench/memory.md), and finished sooner.
  const child = spawn(process.execPath, ["--liftoff-only", "-e", script, pgliteEntry, target, JSON.stringify(startParams)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0 || !fs.existsSync(path.join(target, "PG_VERSION"))) {
    fs.rmSync(target, { recursive: true, force: true });
    throw new Error(stderr.trim() || `exit code ${code}`);
  }
}

/** Removes what a failed attempt left, if anything (its parent may not even be a folder). */
function removeQuietly(target: string) {
  try {
    fs.rmSync(target, { recursive: true, force: true });
  } catch {
    // Nothing was written there.
  }
}

/**
 * The kept empty cluster, made first when there is none; undefined when it cannot be kept (a
 * read-only installation), and the caller initialises its database itself.
 */
async function keptCluster(template: string, startParams: string[]): Promise<string | undefined> {
  if (fs.existsSync(path.join(template, "PG_VERSION"))) return template;
  const making = `${template}.${process.pid}.${crypto.randomUUID()}`;
  try {
    fs.mkdirSync(path.dirname(template), { recursive: true });
    await initialiseCluster(making, startParams);
    // Whole or not at all; another process that made it meanwhile wins, its copy is the same.
    fs.renameSync(making, template);
  } catch (error) {
    removeQuietly(making);
    if (fs.existsSync(path.join(template, "PG_VERSION"))) return template;
    logger.warn({ err: error, template }, "the empty database cluster could not be kept; each new database is initialised");
    return undefined;
  }
  return template;
}

/**
 * Copies the kept cluster; false when it cannot be read (its files are PostgreSQL's, readable by
 * their owner alone: kept by another user, such as an admin command run as root).
 */
function copied(kept: string, staging: string): boolean {
  try {
    fs.cpSync(kept, staging, { recursive: true });
    return true;
  } catch (error) {
    removeQuietly(staging);
    logger.warn({ err: error, template: kept }, "the kept empty database cluster could not be copied; this database is initialised");
    return false;
  }
}

/**
 * Creates a new PGlite data directory at `dataPath`: a copy of the kept empty cluster, or a new
 * cluster where none can be kept. The files are written next to the target and renamed into
 * place, so an interrupted first start leaves no half-made database.
 */
export async function createPgliteDirectory(dataPath: string, startParams: string[], template = clusterTemplatePath(startParams)) {
  const staging = `${dataPath}.creating`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const kept = await keptCluster(template, startParams);
    if (!kept || !copied(kept, staging)) await initialiseCluster(staging, startParams);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not create the database in ${dataPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  fs.renameSync(staging, dataPath);
}
