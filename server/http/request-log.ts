import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { logger } from "~/platform/logger.server";

/** Which requests leave a line (LOG_REQUESTS): every one, those answered 400 or above, or none. */
export type RequestLogging = "all" | "errors" | "off";

let logging: RequestLogging = "all";

export function setRequestLogging(value: RequestLogging) {
  logging = value;
}

/**
 * One structured line per request, at level info. The lines go out in batches (see
 * logger.server.ts), so a cached page's line costs a few microseconds.
 */
export function logRequest(req: IncomingMessage, status: number, started: bigint, cache?: "hit") {
  if (logging === "off" || (logging === "errors" && status < 400) || !logger.isLevelEnabled("info")) return;
  const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  logger.info(
    {
      method: req.method,
      path: query < 0 ? url : url.slice(0, query),
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      ip: req.socket.remoteAddress,
      ...(cache ? { cache } : {}),
    },
    "request",
  );
}

/** One structured line per request, written when the response has been sent. */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => logRequest(req, res.statusCode, started));
  next();
};
