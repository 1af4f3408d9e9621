import type { IncomingMessage } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/platform/logger.server";
import { logRequest, requestLines, setRequestLogging } from "./request-log";

const request = (url: string) => ({ method: "GET", url, socket: { remoteAddress: "203.0.113.7" } }) as unknown as IncomingMessage;

describe("request lines (LOG_REQUESTS)", () => {
  const level = logger.level;
  let lines: Record<string, unknown>[];

  beforeEach(() => {
    logger.level = "info";
    lines = [];
    vi.spyOn(requestLines, "write").mockImplementation((line: string) => {
      expect(line.endsWith("\n")).toBe(true);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    logger.level = level;
    setRequestLogging("all");
  });

  function logThree() {
    const started = process.hrtime.bigint();
    logRequest(request("/fees?utm_source=mail"), 200, started, "hit");
    logRequest(request("/no-such-page"), 404, started, "hit");
    logRequest(request("/admin/content"), 500, started);
  }

  it("all: one line per request, its path without the query", () => {
    logThree();
    expect(lines.map((line) => [line.path, line.status, line.cache])).toEqual([
      ["/fees", 200, "hit"],
      ["/no-such-page", 404, "hit"],
      ["/admin/content", 500, undefined],
    ]);
    expect(lines[0]).toMatchObject({ level: 30, method: "GET", ip: "203.0.113.7", msg: "request" });
    expect(typeof lines[0]!.durationMs).toBe("number");
    expect(Math.abs((lines[0]!.time as number) - Date.now())).toBeLessThan(5000);
  });

  it("writes the line pino would write for the same fields, a path with quotes and non-ASCII characters included", () => {
    const started = process.hrtime.bigint();
    logRequest(
      { method: "GET", url: '/"quoted"\\путь?x=1', socket: { remoteAddress: undefined } } as unknown as IncomingMessage,
      404,
      started,
    );
    const line = lines[0]!;
    expect(Object.keys(line)).toEqual(["level", "time", "method", "path", "status", "durationMs", "msg"]);
    expect(line.path).toBe('/"quoted"\\путь');
  });

  it("names each request's own client address and method, however they alternate", () => {
    const started = process.hrtime.bigint();
    const from = (remoteAddress: string, method = "GET") => ({ method, url: "/", socket: { remoteAddress } }) as unknown as IncomingMessage;
    for (const [address, method] of [
      ["203.0.113.7", "GET"],
      ["2001:db8::1", "HEAD"],
      ["2001:db8::1", "GET"],
      ['fe80::1%"eth0\\', "M-SEARCH"],
      ["203.0.113.7", "POST"],
    ] as const) {
      logRequest(from(address, method), 200, started);
    }
    expect(lines.map((line) => [line.ip, line.method])).toEqual([
      ["203.0.113.7", "GET"],
      ["2001:db8::1", "HEAD"],
      ["2001:db8::1", "GET"],
      ['fe80::1%"eth0\\', "M-SEARCH"],
      ["203.0.113.7", "POST"],
    ]);
  });

  it("errors: only the requests answered 400 or above", () => {
    setRequestLogging("errors");
    logThree();
    expect(lines.map((line) => line.status)).toEqual([404, 500]);
  });

  it("off: none, and neither below level info", () => {
    setRequestLogging("off");
    logThree();
    setRequestLogging("all");
    logger.level = "warn";
    logThree();
    expect(lines).toEqual([]);
  });
});
