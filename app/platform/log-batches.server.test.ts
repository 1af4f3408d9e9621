import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { batchOutput, createLogBatches, type LineWriter } from "./log-batches.server";

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

const line = (index: number) => `{"level":30,"msg":"request","n":${index}}\n`;

describe("log batches", () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  const newDirectory = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "log-batches-"));
    directories.push(directory);
    return directory;
  };

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

  it("writes each full batch to the file before the line that filled it returns, and the rest at a flush", () => {
    const file = path.join(newDirectory(), "out.log");
    const output = batchOutput(file);
    const batches = createLogBatches(output, 64 * 1024);
    // 2,500 lines of 37 to 40 characters: one full batch of 64 KB and some 30 KB waiting.
    const lines = Array.from({ length: 2500 }, (_, index) => line(index));
    for (const text of lines) batches.write(text);
    const written = fs.readFileSync(file, "utf8");
    expect(written.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(lines.join("").startsWith(written)).toBe(true);
    expect(written.length).toBeLessThan(lines.join("").length);
    batches.flushSync();
    expect(fs.readFileSync(file, "utf8")).toBe(lines.join(""));
    output.destroy();
  });

  it("writes every waiting request line when the process ends on an uncaught error", () => {
    const directory = newDirectory();
    const script = path.join(directory, "crash.ts");
    const logger = path.resolve(import.meta.dirname, "logger.server.ts");
    // The server's logger outside tests: batched standard output. Lines are logged, then the
    // process throws before any batch is full or the second's timer has run.
    fs.writeFileSync(
      script,
      `import { writeLogLine } from ${JSON.stringify(logger)};
       for (let index = 0; index < 300; index++) writeLogLine(\`{"level":30,"msg":"request","n":\${index}}\\n\`);
       setTimeout(() => { throw new Error("crash after the lines"); }, 10);`,
    );
    const tsx = path.resolve(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs");
    const run = spawnSync(process.execPath, [tsx, script], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info" },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("crash after the lines");
    const lines = run.stdout.split("\n").filter((text) => text.includes('"msg":"request"'));
    expect(lines).toHaveLength(300);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ n: 299 });
  });
});
