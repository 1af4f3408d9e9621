import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { acquireDirectoryLock, DirectoryLockedError, LOCK_HEARTBEAT_MS, LOCK_STALE_MS } from "./directory-lock.server";

describe("data directory lock", () => {
  const lockPath = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-")), "db.lock");
  const ageBy = (file: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    fs.utimesSync(file, then, then);
  };
  afterEach(() => vi.useRealTimers());

  it("refuses a second holder while the first is alive, and frees on release", () => {
    const file = lockPath();
    const release = acquireDirectoryLock(file);
    expect(() => acquireDirectoryLock(file)).toThrow(DirectoryLockedError);
    expect(() => acquireDirectoryLock(file)).toThrow(
      /already in use by process .*The embedded database serves one server only.*DATABASE_URL/,
    );
    release();
    expect(fs.existsSync(file)).toBe(false);
    acquireDirectoryLock(file)();
  });

  it("takes over a lock left by a process that no longer runs, of this version or an older one", () => {
    const file = lockPath();
    fs.writeFileSync(file, `999999999\n${os.hostname()}\n`);
    let release = acquireDirectoryLock(file);
    expect(fs.readFileSync(file, "utf8")).toBe(`${process.pid}\n${os.hostname()}\n`);
    release();
    fs.writeFileSync(file, "999999999");
    release = acquireDirectoryLock(file);
    expect(fs.readFileSync(file, "utf8")).toBe(`${process.pid}\n${os.hostname()}\n`);
    release();
  });

  it("takes over a lock naming this process's own id that it does not hold (a container's pid 1 after a crash)", () => {
    const file = lockPath();
    fs.writeFileSync(file, `${process.pid}\n${os.hostname()}\n`);
    acquireDirectoryLock(file)();
  });

  it("refuses a lock another host keeps fresh, naming the host, and takes over one it left a minute ago", () => {
    const file = lockPath();
    fs.writeFileSync(file, "4242\nother-server\n");
    ageBy(file, LOCK_STALE_MS - 10_000);
    expect(() => acquireDirectoryLock(file)).toThrow(/in use by process 4242 on host other-server .*one server only/);
    ageBy(file, LOCK_STALE_MS + 1_000);
    const release = acquireDirectoryLock(file);
    expect(fs.readFileSync(file, "utf8")).toBe(`${process.pid}\n${os.hostname()}\n`);
    release();
  });

  it("keeps its lock fresh while it holds it", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const file = lockPath();
    const release = acquireDirectoryLock(file);
    ageBy(file, LOCK_STALE_MS * 2);
    vi.advanceTimersByTime(LOCK_HEARTBEAT_MS);
    expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(5_000);
    release();
  });
});
