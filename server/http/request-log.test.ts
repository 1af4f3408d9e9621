import type { IncomingMessage } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/platform/logger.server";
import { logRequest, setRequestLogging } from "./request-log";

const request = (url: string) => ({ method: "GET", url, socket: { remoteAddress: "203.0.113.7" } }) as unknown as IncomingMessage;

describe("request lines (LOG_REQUESTS)", () => {
  const level = logger.level;
  let lines: Record<string, unknown>[];

  beforeEach(() => {
    logger.level = "info";
    lines = [];
    vi.spyOn(logger, "info").mockImplementation(((fields: Record<string, unknown>) => lines.push(fields)) as never);
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
    expect(lines[0]).toMatchObject({ method: "GET", ip: "203.0.113.7" });
    expect(typeof lines[0]!.durationMs).toBe("number");
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
