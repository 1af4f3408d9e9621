import pino from "pino";
import { batchOutput, createLogBatches } from "./log-batches.server";

/**
 * Log lines are written to standard output in batches of 64 KB, at least once a second: one write
 * per request cost about a third of a cached page's throughput. An error line is written at once;
 * what is pending is written before the process exits (a SIGTERM, an uncaught error). Tests log
 * nothing and write each line as it comes.
 */
const destination = process.env.NODE_ENV === "test" ? pino.destination({ dest: 1, sync: true }) : batchedStandardOutput();

function batchedStandardOutput() {
  const batches = createLogBatches(batchOutput(1), 64 * 1024);
  // A quiet server's lines are out within a second; at exit, whatever its cause, the rest.
  setInterval(batches.send, 1000).unref();
  process.prependListener("exit", batches.send);
  return batches;
}

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: undefined,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= 50) destination.flush();
      },
    },
  },
  destination,
);

/**
 * Writes a line that is already in pino's format (JSON, level and time first, `msg` last, a
 * newline at the end) to the same destination, in the same batches: the request log's hot path,
 * which skips pino's general serialiser for a line whose fields it knows.
 */
export function writeLogLine(line: string) {
  destination.write(line);
}

/** Writes every line logged so far; resolves once they are out (the shutdown waits for it). */
export function flushLogs(): Promise<void> {
  try {
    destination.flushSync();
  } catch {
    // Nothing more can be done: the output is gone.
  }
  return Promise.resolve();
}
