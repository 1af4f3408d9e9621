import type { RequestHandler } from "express";
import { logger } from "~/lib/logger.server";

/** One structured line per request, written when the response has been sent. */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        ip: req.ip,
      },
      "request",
    );
  });
  next();
};
