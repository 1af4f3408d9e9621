import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { logger } from "~/platform/logger.server";

export function logRequest(req: IncomingMessage, status: number, started: bigint, cache?: "hit") {
  if (!logger.isLevelEnabled("info")) return;
  const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
  logger.info(
    {
      method: req.method,
      path: (req.url ?? "").split("?")[0],
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
