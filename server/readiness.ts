import fsp from "node:fs/promises";
import type express from "express";
import { pingDatabase } from "~/lib/db.server";

/** Whether the uploads folder can take a new file: a full or read-only disk makes uploads fail. */
async function storageWritable(directory: string) {
  try {
    await fsp.mkdir(directory, { recursive: true });
    await fsp.access(directory, fsp.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /readyz for a load balancer: 200 when the database answers and the uploads' storage takes
 * writes, 503 naming what is not, so an instance that cannot serve is taken out of rotation.
 * /healthz stays the liveness check (the process and its database).
 */
export function readiness(uploadsDirectory: string): express.RequestHandler {
  return async (_req, res) => {
    const [database, storage] = await Promise.all([pingDatabase(), storageWritable(uploadsDirectory)]);
    const ready = database && storage;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "not ready", database: database ? "ok" : "unavailable", storage: storage ? "ok" : "unavailable" });
  };
}
