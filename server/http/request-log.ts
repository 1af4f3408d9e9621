import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { logger, writeLogLine } from "~/platform/logger.server";

/** Which requests leave a line (LOG_REQUESTS): every one, those answered 400 or above, or none. */
export type RequestLogging = "all" | "errors" | "off";

let logging: RequestLogging = "all";

export function setRequestLogging(value: RequestLogging) {
  logging = value;
}

/** Where the request lines go (tests look at them here). */
export const requestLines = { write: writeLogLine };

/**
 * One structured line per request, at level info, in pino's format (level, time, the fields,
 * `msg`). It is written by hand rather than through pino: the fields are known, and pino's
 * general serialiser cost a cached page a tenth of its throughput. The lines go out in batches
 * (see logger.server.ts), so a cached page's line costs a few microseconds.
 */
export function logRequest(req: IncomingMessage, status: number, started: bigint, cache?: "hit") {
  if (logging === "off" || (logging === "errors" && status < 400) || !logger.isLevelEnabled("info")) return;
  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const ip = req.socket.remoteAddress;
  requestLines.write(
    `{"level":30,"time":${Date.now()},"method":${JSON.stringify(req.method)},"path":${JSON.stringify(query < 0 ? url : url.slice(0, query))},` +
      `"status":${status},"durationMs":${durationMs}${ip === undefined ? "" : `,"ip":${JSON.stringify(ip)}`}${cache ? `,"cache":"${cache}"` : ""},"msg":"request"}\n`,
  );
}

/** One structured line per request, written when the response has been sent. */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => logRequest(req, res.statusCode, started));
  next();
};
