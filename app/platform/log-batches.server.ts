import pino from "pino";

/** What the batches are written to: sonic-boom, as pino.destination makes it. */
export interface LineWriter {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  minLength?: number;
}

/**
 * The asynchronous writer the batches go to (standard output, or a file). Each batch is written
 * as it comes: with a `minLength` of 0, sonic-boom's flush would not wait for a write under way.
 */
export function asyncOutput(dest: number | string) {
  return pino.destination({ dest, sync: false, minLength: 1 });
}

/**
 * Log lines wait in an array and go to the writer as one string per batch of `batchLength`
 * characters, or when `send` is called (a timer, an error line, the shutdown). Sonic-boom batches
 * on its own, but measures the whole pending text's UTF-8 length at every line it takes: under
 * load that cost a cached page 4.5 % of the server's time (bench/log-batches-ab.md),
 * where a line here costs a push.
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
    /** At exit: what waits is written synchronously, none of it left to an asynchronous write. */
    writeAllNow() {
      writer.minLength = Number.POSITIVE_INFINITY;
      send();
      writer.flushSync();
    },
  };
}
