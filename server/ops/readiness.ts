import type express from "express";
import { pingDatabase } from "~/platform/db.server";
import { databaseOutageSince } from "~/platform/database-outage.server";
import type { UploadStore } from "~/features/uploads/upload-store.server";

/**
 * GET /readyz for a load balancer: 200 when the database answers and the uploads' storage takes
 * writes (the uploads folder can be written, or the S3 bucket answers), 503 naming what is not, so an instance that cannot serve is taken out of rotation.
 * /healthz stays the liveness check (the process and its database).
 */
export function readiness(store: UploadStore): express.RequestHandler {
  return async (_req, res) => {
    const [database, storage] = await Promise.all([pingDatabase(), store.ready()]);
    const ready = database && storage;
    const outage = databaseOutageSince();
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        status: ready ? "ready" : "not ready",
        database: database ? "ok" : "unavailable",
        storage: storage ? "ok" : "unavailable",
        // An outage the site is answering 503 for (database-outage.server.ts), since when.
        ...(outage ? { databaseOutageSince: outage.toISOString() } : {}),
      });
  };
}
