import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { asyncOutput, createLogBatches, type LineWriter } from "./log-batches.server";

function recordingWriter() {
  const writes: string[] = [];
  const calls: string[] = [];
  const writer: LineWriter = {
    write: (text) => writes.push(text),
    flush: (callback) => {
      calls.push("flush");
      callback?.();
    },
    flushSync: () => calls.push("flushSync"),
  };
  return { writer, writes, calls };
}

/** Keeps every thread of libuv's pool (4 by default) busy for a while: asynchronous file writes wait. */
function busyPool() {
  return Promise.all(
    Array.from({ length: 16 }, () => new Promise((resolve) => crypto.pbkdf2("password", "salt", 200_000, 32, "sha256", resolve))),
  );
}

const line = (index: number) => `{"level":30,"msg":"request","n":${index}}\n`;

describe("log batches", () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });

  it("holds lines until a batch is full, then writes them as one text, in order", () => {
    const { writer, writes } = recordingWriter();
    const batches = createLogBatches(writer, 100);
    const lines = Array.from({ length: 7 }, (_, index) => line(index));
    for (const text of lines.slice(0, 2)) batches.write(text);
    expect(writes).toEqual([]);
    for (const text of lines.slice(2)) batches.write(text);
    // Each line is 37 characters: the third fills the first batch, the sixth the second.
    expect(writes).toEqual([lines.slice(0, 3).join(""), lines.slice(3, 6).join("")]);
    batches.send();
    expect(writes.join("")).toBe(lines.join(""));
    batches.send();
    expect(writes).toHaveLength(3);
  });

  it("sends what waits before the writer flushes, so a flush covers every line logged", () => {
    const { writer, writes, calls } = recordingWriter();
    const batches = createLogBatches(writer, 1024);
    batches.write(line(1));
    let flushed = false;
    batches.flush(() => (flushed = true));
    expect(writes).toEqual([line(1)]);
    expect(calls).toEqual(["flush"]);
    expect(flushed).toBe(true);
    batches.write(line(2));
    batches.flushSync();
    expect(writes).toEqual([line(1), line(2)]);
    expect(calls).toEqual(["flush", "flushSync"]);
  });

  /** Batches written to a new file through the server's kind of writer, once the file is open. */
  async function fileBatches() {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "log-batches-"));
    directories.push(directory);
    const file = path.join(directory, "out.log");
    const output = asyncOutput(file);
    // A file opens asynchronously; standard output, the server's, is open from the start.
    await once(output, "ready");
    return { file, output, batches: createLogBatches(output, 64 * 1024) };
  }

  it("resolves a flush only once what was logged is in the file", async () => {
    const { file, output, batches } = await fileBatches();
    const lines = Array.from({ length: 2500 }, (_, index) => line(index));
    // The pool's threads are busy, so the first batch's write waits for one (as on a loaded server).
    const busy = busyPool();
    for (const text of lines) batches.write(text);
    await new Promise((resolve) => batches.flush(resolve));
    expect(fs.readFileSync(file, "utf8")).toBe(lines.join(""));
    await busy;
    output.destroy();
  });

  it("at exit, writes every waiting line to the file before returning", async () => {
    const { file, output, batches } = await fileBatches();
    const lines = Array.from({ length: 3000 }, (_, index) => line(index));
    // The first batch goes out asynchronously, as under load, and has been written by the time
    // the process ends; the rest waits.
    for (const text of lines.slice(0, 2000)) batches.write(text);
    await new Promise((resolve) => output.flush(resolve));
    for (const text of lines.slice(2000)) batches.write(text);
    // Every thread of libuv's pool is kept busy, so an asynchronous write could not happen before
    // the file is read: what is there was written synchronously.
    const busy = busyPool();
    batches.writeAllNow();
    expect(fs.readFileSync(file, "utf8")).toBe(lines.join(""));
    await busy;
    output.destroy();
  });
});
