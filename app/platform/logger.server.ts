import pino from "pino";
import { asyncOutput, createLogBatches } from "./log-batches.server";

/**
 * Log lines are written to standard output asynchronously, in batches of 64 KB, at least once a
 * second: one synchronous write per request cost about a third of a cached page's throughput. An
 * error line is sent at once; what is pending is written before the process exits (a SIGTERM, an
 * uncaught error), and the shutdown waits for it (`flushLogs`). Tests log nothing and write
 * synchronously.
 */
const destination = process.env.NODE_ENV === "test" ? pino.destination({ dest: 1, sync: true }) : batchedStandardOutput();

function batchedStandardOutput() {
  const batches = createLogBatches(asyncOutput(1), 64 * 1024);
  // A quiet server's lines are out within a second.
  setInterval(batches.send, 1000).unref();
  // pino has sonic-boom write what it holds when the process ends (asynchronously when the event
  // loop empties, synchronously at exit): the lines waiting here are handed to it before that.
  process.prependListener("beforeExit", batches.send);
  process.prependListener("exit", batches.writeAllNow);
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

/** Resolves once every line logged so far has been written (the shutdown waits for it). */
export function flushLogs(): Promise<void> {
  return new Promise((resolve) => {
    destination.flush((error) => {
      if (error) {
        try {
          destination.flushSync();
        } catch {
          // Nothing more can be done: the output is gone.
        }
      }
      resolve();
    });
  });
}
