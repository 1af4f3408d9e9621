import express from "express";
import { contentTypeByExtension } from "~/lib/storage.server";

/** Uploaded images: generated names never change, so they may be cached for a year. */
export function serveUploads(directory: string) {
  return express.static(directory, {
    index: false,
    dotfiles: "deny",
    immutable: true,
    maxAge: "1y",
    setHeaders(res, filePath) {
      const extension = filePath.split(".").pop() ?? "";
      const type = contentTypeByExtension[extension];
      res.setHeader("Content-Type", type ?? "application/octet-stream");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    },
  });
}
