import { pipeline } from "node:stream/promises";
import express from "express";
import { logger } from "~/lib/logger.server";
import { contentTypeByExtension } from "~/lib/storage.server";
import { isStoreKey, type UploadStore } from "~/lib/upload-store.server";

const YEAR_SECONDS = 31_536_000;

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
 * the same headers (a missing object goes on to the not-found answer, as a missing file does).
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
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const key = `uploads/${name}`;
    if (name.includes("/") || !isStoreKey(key)) return next();
    let object;
    try {
      object = await store.open(key, {
        range: typeof req.headers.range === "string" && /^bytes=\d*-\d*$/.test(req.headers.range) ? req.headers.range : undefined,
        ifNoneMatch: req.headers["if-none-match"],
      });
    } catch (error) {
      logger.error({ err: error, key }, "upload could not be read from object storage");
      res.status(503).set("Retry-After", "5").type("text/plain").send("The image is unavailable, try again shortly.");
      return;
    }
    if (!object) return next();
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
    if (object.etag) res.setHeader("ETag", object.etag);
    if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
    uploadHeaders(res, name);
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
    try {
      await pipeline(object.body, res);
    } catch (error) {
      // A visitor who went away mid-image is not an error of the site.
      if (!res.destroyed) logger.warn({ err: error, key }, "upload stream from object storage broke");
    }
  };
}
