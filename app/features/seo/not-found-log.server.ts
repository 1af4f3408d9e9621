import { logger } from "~/platform/logger.server";

/**
 * Lets at most `limit` lines through in each window of `windowMs`; the first line let through
 * after some were held back learns how many (`take` returns that count, or undefined for a
 * line to leave out).
 */
export function createLogSampler(limit: number, windowMs: number, now: () => number = Date.now) {
  let windowStart = -Infinity;
  let written = 0;
  let suppressed = 0;
  return function take(): number | undefined {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      written = 0;
    }
    if (written >= limit) {
      suppressed += 1;
      return undefined;
    }
    written += 1;
    const leftOut = suppressed;
    suppressed = 0;
    return leftOut;
  };
}

// A scanner sends thousands of unknown paths a second: ten lines a second show what it tries,
// and the count of the others, without the log growing with it.
const notFoundLines = createLogSampler(10, 1000);
const LOGGED_PATH_LENGTH = 200;

/** Logs a visit to an unknown path, sampled; returns whether this one was written. */
export function logNotFound(path: string): boolean {
  if (!logger.isLevelEnabled("warn")) return false;
  const suppressed = notFoundLines();
  if (suppressed === undefined) return false;
  logger.warn({ path: path.slice(0, LOGGED_PATH_LENGTH), ...(suppressed > 0 ? { suppressed } : {}) }, "page not found");
  return true;
}
