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

/** Text that JSON writes as it is, between quotes: printable ASCII but `"` and `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const jsonText = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * The line's fields between its time and its duration, and after its duration, as they were for
 * the previous request: under load most requests repeat the method, path and status of the one
 * before, and a keep-alive connection's requests come from one address. Kept as flat strings,
 * made by `join`, so that a line is five pieces to copy into its batch rather than some twenty.
 */
let lastMethod = "";
let lastPath = "";
let lastStatus = 0;
let lastFields = "";
let lastIp: string | undefined = "";
let lastCache: string | undefined = "";
let lastEnd = "";

/**
 * One structured line per request, at level info, in pino's format (level, time, the fields,
 * `msg`). It is written by hand rather than through pino: the fields are known, and pino's
 * general serialiser cost a cached page a tenth of its throughput. Only text that JSON would
 * escape goes through JSON.stringify. The lines go out in batches (see logger.server.ts), so a
 * cached page's line costs well under a microsecond.
 */
export function logRequest(req: IncomingMessage, status: number, started: bigint, cache?: "hit") {
  if (logging === "off" || (logging === "errors" && status < 400) || !logger.isLevelEnabled("info")) return;
  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const method = req.method ?? "";
  if (path !== lastPath || status !== lastStatus || method !== lastMethod) {
    lastPath = path;
    lastStatus = status;
    lastMethod = method;
    lastFields = [',"method":', jsonText(method), ',"path":', jsonText(path), ',"status":', status, ',"durationMs":'].join("");
  }
  const ip = req.socket.remoteAddress;
  if (ip !== lastIp || cache !== lastCache) {
    lastIp = ip;
    lastCache = cache;
    lastEnd = [ip === undefined ? "" : `,"ip":${jsonText(ip)}`, cache ? `,"cache":"${cache}"` : "", ',"msg":"request"}\n'].join("");
  }
  requestLines.write('{"level":30,"time":' + Date.now() + lastFields + durationMs + lastEnd);
}

/** One structured line per request, written when the response has been sent. */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => logRequest(req, res.statusCode, started));
  next();
};
