import fs from "node:fs";
import os from "node:os";

export class DirectoryLockedError extends Error {}

/** The holder touches its lock this often, so a lock another host holds can be told from a dead one's. */
export const LOCK_HEARTBEAT_MS = 15_000;
/** A lock from another host untouched this long belongs to a server that stopped without releasing it. */
export const LOCK_STALE_MS = 60_000;

/** Locks this process holds: its own pid in a lock it does not hold is a previous life's. */
const held = new Set<string>();

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's holder: "pid\nhost" (a lock of older versions holds the pid alone, written on this host). */
function readOwner(lockPath: string) {
  const [pid, host] = fs.readFileSync(lockPath, "utf8").split("\n");
  return { pid: Number.parseInt(pid ?? "", 10), host: host?.trim() || os.hostname() };
}

const ONE_SERVER =
  "The embedded database serves one server only: stop that server, start this one with another DATA_DIR, " +
  "or run several servers on one PostgreSQL database (DATABASE_URL).";

/**
 * Takes an exclusive lock file holding this process's id and host name. A lock left by a process
 * that no longer runs is taken over; one held by a live process stops this one with a clear
 * reason. A data directory on shared storage may be locked from another host, whose processes
 * cannot be asked: the holder touches the lock every 15 s, and such a lock is taken over only
 * once it is a minute old.
 */
export function acquireDirectoryLock(lockPath: string): () => void {
  const host = os.hostname();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n${host}\n`, { flag: "wx" });
      held.add(lockPath);
      const heartbeat = setInterval(() => {
        const now = new Date();
        try {
          fs.utimesSync(lockPath, now, now);
        } catch {
          // Gone (released, or removed by hand): nothing to keep fresh.
        }
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        held.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner.host !== host) {
        const age = Date.now() - fs.statSync(lockPath).mtimeMs;
        if (age < LOCK_STALE_MS) {
          throw new DirectoryLockedError(
            `The data directory is already in use by process ${owner.pid} on host ${owner.host} (${lockPath}). ${ONE_SERVER} ` +
              "If that server has stopped, this start succeeds once its lock is a minute old.",
          );
        }
      } else if (Number.isInteger(owner.pid) && isAlive(owner.pid) && (owner.pid !== process.pid || held.has(lockPath))) {
        throw new DirectoryLockedError(`The data directory is already in use by process ${owner.pid} (${lockPath}). ${ONE_SERVER}`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not take the lock ${lockPath}`);
}
