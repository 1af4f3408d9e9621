// The statistics' two addresses, answered by Express before the page cache and React Router:
// the tracking script and the beacon endpoint. A beacon is checked and queued; the answer never
// waits for the database.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import express from "express";
import type { Collector } from "~/features/statistics/collector.server";
import { MAX_BEACON_BYTES } from "~/features/statistics/collector.server";
import { STATISTICS_ENDPOINT, STATISTICS_SCRIPT_PATH } from "~/features/statistics/tracker-contract";
import { TRACKER_SCRIPT } from "~/features/statistics/tracker.inline";

export const statisticsPaths = [STATISTICS_ENDPOINT, STATISTICS_SCRIPT_PATH];

const scriptTag = `"${createHash("sha256").update(TRACKER_SCRIPT).digest("base64url").slice(0, 16)}"`;
// Compressed once: the route sits before the compression middleware, like the beacons.
const scriptBodies = {
  br: zlib.brotliCompressSync(TRACKER_SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: zlib.gzipSync(TRACKER_SCRIPT, { level: 9 }),
  identity: Buffer.from(TRACKER_SCRIPT),
};

/** Reads the body up to MAX_BEACON_BYTES; a longer one is refused without reading the rest. */
function readBeacon(req: express.Request): Promise<string | undefined> {
  const declared = Number(req.get("content-length") ?? 0);
  if (declared > MAX_BEACON_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BEACON_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function statisticsRoutes(collector: Collector, countryHeader: string | undefined): express.Router {
  const router = express.Router();
  router.get(STATISTICS_SCRIPT_PATH, (req, res) => {
    res.set({
      "Cache-Control": "public, max-age=3600",
      ETag: scriptTag,
      "Content-Type": "text/javascript; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    });
    if (req.get("if-none-match") === scriptTag) return void res.status(304).end();
    const encoding = req.acceptsEncodings("br", "gzip", "identity") || "identity";
    const body = scriptBodies[encoding as keyof typeof scriptBodies] ?? scriptBodies.identity;
    if (body !== scriptBodies.identity) res.set("Content-Encoding", encoding);
    res.end(body);
  });
  router.post(STATISTICS_ENDPOINT, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const body = await readBeacon(req);
    const verdict = await collector.collect({
      body,
      address: req.ip ?? req.socket.remoteAddress ?? "unknown",
      userAgent: req.get("user-agent") ?? "",
      acceptLanguage: req.get("accept-language"),
      country: countryHeader ? req.get(countryHeader) : undefined,
      gpc: req.get("sec-gpc") === "1",
      host: req.get("host") ?? "",
      origin: req.get("origin"),
      fetchSite: req.get("sec-fetch-site"),
    });
    // An empty answer with its length: without one it went out chunked, in two writes, and each
    // beacon on a kept-alive connection waited for the second (8 ms against 2 ms for a refusal).
    if (verdict.status === 202) return void res.status(202).set("Content-Length", "0").end();
    res.status(verdict.status).json({ message: verdict.reason });
  });
  return router;
}
