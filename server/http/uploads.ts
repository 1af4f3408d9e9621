import { pipeline } from "node:stream/promises";
import express from "express";
import { logger } from "~/platform/logger.server";
import { contentTypeByExtension } from "~/features/uploads/storage.server";
import { isStoreKey, type UploadStore } from "~/features/uploads/upload-store.server";
import { createUploadCache } from "./upload-cache";

const YEAR_SECONDS = 31_536_000;
/**
 * Uploads served through the site from a bucket are kept in memory up to this many bytes, those
 * of at most CACHE_OBJECT_BYTES each (logos, icons and the WebP copies pages ask for most): each
 * answer from the bucket costs a request to it (scripts/bench-s3.js).
 */
const CACHE_BYTES = 16 * 1024 * 1024;
const CACHE_OBJECT_BYTES = 1024 * 1024;

function uploadHeaders(res: express.Response, name: string) {
  const extension = name.split(".").pop() ?? "";
  const type = contentTypeByExtension[extension];
  res.setHeader("Content-Type", type ?? "application/octet-stream");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
}

/**
 * Uploaded images: generated names never change, so they may be cached for a year. From the
 * local disk they are express.static's files; from S3 they are streamed from the bucket with
 * the same headers (a missing object goes on to the not-found answer, as a missing file does),
 * and small ones are kept in memory (upload-cache.ts).
 */
export function serveUploads(store: UploadStore, directory: string): express.RequestHandler {
  if (store.kind === "local") {
    return express.static(directory, {
      index: false,
      dotfiles: "deny",
      immutable: true,
      maxAge: "1y",
      setHeaders(res, filePath) {
        uploadHeaders(res, filePath);
      },
    });
  }
  const cache = createUploadCache({ maxBytes: CACHE_BYTES, maxObjectBytes: CACHE_OBJECT_BYTES });
  const sendHeaders = (res: express.Response, name: string, object: { etag?: string; lastModified?: Date }) => {
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
    if (object.etag) res.setHeader("ETag", object.etag);
    if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
    uploadHeaders(res, name);
  };
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const key = `uploads/${name}`;
    if (name.includes("/") || !isStoreKey(key)) return next();
    const range = typeof req.headers.range === "string" && /^bytes=\d*-\d*$/.test(req.headers.range) ? req.headers.range : undefined;
    const cached = range ? undefined : cache.get(key);
    if (cached) {
      sendHeaders(res, name, cached);
      if (cached.etag && req.headers["if-none-match"] === cached.etag) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", String(cached.body.length));
      res.status(200).end(req.method === "HEAD" ? undefined : cached.body);
      return;
    }
    let object;
    try {
      object = await store.open(key, { range, ifNoneMatch: req.headers["if-none-match"] });
    } catch (error) {
      logger.error({ err: error, key }, "upload could not be read from object storage");
      res.status(503).set("Retry-After", "5").type("text/plain").send("The image is unavailable, try again shortly.");
      return;
    }
    if (!object) return next();
    sendHeaders(res, name, object);
    if (object.status === 304) {
      res.status(304).end();
      return;
    }
    res.status(object.status);
    if (object.size !== undefined) res.setHeader("Content-Length", String(object.size));
    if (object.contentRange) res.setHeader("Content-Range", object.contentRange);
    if (req.method === "HEAD" || !object.body) {
      object.body?.destroy();
      res.end();
      return;
    }
    // A whole small object is kept as it streams by, for the next visitor.
    const keep = object.status === 200 && cache.fits(object.size);
    const chunks: Buffer[] = [];
    if (keep) object.body.on("data", (chunk: Buffer) => chunks.push(chunk));
    try {
      await pipeline(object.body, res);
      if (keep) {
        const body = Buffer.concat(chunks);
        if (body.length === object.size) cache.set(key, { body, etag: object.etag, lastModified: object.lastModified });
      }
    } catch (error) {
      // A visitor who went away mid-image is not an error of the site.
      if (!res.destroyed) logger.warn({ err: error, key }, "upload stream from object storage broke");
    }
  };
}
