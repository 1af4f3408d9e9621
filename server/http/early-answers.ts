// An answer sent before the request's body was read (415, 413, a refused form or upload) must
// not leave the rest of that body on a keep-alive connection, where it would be parsed as the
// client's next request (and the connection reset). And the status line's text must be the
// status's own, whatever text the router's error response carried.
import { STATUS_CODES } from "node:http";
import type express from "express";

/** A remainder up to this size is read and discarded, keeping the connection; a longer one closes it. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** A remainder that takes longer than this to arrive closes the connection. */
const DRAIN_MS = 10_000;

const standardTexts = new Set(Object.values(STATUS_CODES));

export function earlyAnswers(req: express.Request, res: express.Response, next: express.NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) {
      const declared = Number(req.headers["content-length"]);
      // Unknown (chunked) or too long to drain: the client is told not to send on this connection again.
      if (!(declared <= DRAIN_LIMIT_BYTES)) this.setHeader("Connection", "close");
    }
    // A router error response carries 'Internal Server Error' for any status it was not given a text for.
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    const text = typeof args[1] === "string" ? args[1] : this.statusMessage;
    if (text && standardTexts.has(text) && STATUS_CODES[status] && text !== STATUS_CODES[status]) {
      if (typeof args[1] === "string") args[1] = STATUS_CODES[status];
      else this.statusMessage = STATUS_CODES[status]!;
    }
    return (writeHead as (...parts: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  res.once("finish", () => {
    if (req.complete || req.destroyed || res.getHeader("connection") === "close") return;
    // Whoever began reading the body has stopped: the rest is discarded, within bounds.
    req.removeAllListeners("data");
    let received = 0;
    const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) req.socket.destroy();
    });
    req.once("end", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
    req.resume();
  });
  next();
}
