import pino from "pino";

/** What the batches are written to: sonic-boom, as pino.destination makes it. */
export interface LineWriter {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * The writer the batches go to (standard output, or a file): each batch is written at once, in
 * one synchronous write, as Node writes its own standard output to a file or a pipe on Linux.
 * On a one-core server libuv's pool shares the core with the server (docs/performance.md,
 * "Request log"). sonic-boom retries a write the output is not ready for (EAGAIN)
 * and a partial one until the whole batch is written.
 */
export function batchOutput(dest: number | string) {
  return pino.destination({ dest, sync: true });
}

/**
 * Log lines wait in an array and go to the writer as one string per batch of `batchLength`
 * characters, or when `send` is called (a timer, an error line, the shutdown). Sonic-boom batches
 * on its own, but measures the whole pending text's UTF-8 length at every line it takes, where a
 * line here costs a push (the profile: docs/performance.md, "Request log").
 */
export function createLogBatches(writer: LineWriter, batchLength: number) {
  let pending: string[] = [];
  let pendingLength = 0;

  function send() {
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join("");
    pending = [];
    pendingLength = 0;
    writer.write(text);
  }

  return {
    send,
    write(line: string) {
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= batchLength) send();
    },
    flush(callback?: (error?: Error) => void) {
      send();
      writer.flush(callback);
    },
    flushSync() {
      send();
      writer.flushSync();
    },
  };
}
