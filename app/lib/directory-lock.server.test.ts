import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirectoryLock, DirectoryLockedError } from "./directory-lock.server";

describe("data directory lock", () => {
  const lockPath = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-")), "db.lock");

  it("refuses a second holder while the first is alive, and frees on release", () => {
    const file = lockPath();
    const release = acquireDirectoryLock(file);
    expect(() => acquireDirectoryLock(file)).toThrow(DirectoryLockedError);
    expect(() => acquireDirectoryLock(file)).toThrow(/already in use by process/);
    release();
    expect(fs.existsSync(file)).toBe(false);
    acquireDirectoryLock(file)();
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const file = lockPath();
    fs.writeFileSync(file, "999999999");
    const release = acquireDirectoryLock(file);
    expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
  });
});
