import fs from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/platform/db.server";
import { localUploadStore } from "~/features/uploads/upload-store.server";
import { readiness } from "./readiness";

// The port range for this work; the test server listens only while the file runs.
const PORT = Number(process.env.READINESS_TEST_PORT ?? 5303);

describe("/readyz", () => {
  let handle: DatabaseHandle;
  let server: Server;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-readyz-"));
  const uploads = path.join(directory, "uploads");
  beforeAll(async () => {
    handle = await openDatabase();
    setDatabase(handle);
    const app = express();
    app.get("/readyz", readiness(localUploadStore(directory)));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(PORT, () => resolve(listening));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    setDatabase(undefined);
    await handle?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  const ask = async () => {
    const response = await fetch(`http://127.0.0.1:${PORT}/readyz`);
    return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
  };

  it("is ready when the database answers and the uploads folder takes files", async () => {
    expect(await ask()).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ready", database: "ok", storage: "ok" } });
  });

  it("is not ready when the uploads folder cannot be made", async () => {
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, "a file where the folder should be");
    expect(await ask()).toMatchObject({ status: 503, body: { status: "not ready", database: "ok", storage: "unavailable" } });
    fs.rmSync(uploads);
  });

  it("is not ready without its database", async () => {
    setDatabase(undefined);
    expect(await ask()).toMatchObject({ status: 503, body: { database: "unavailable", storage: "ok" } });
    setDatabase(handle);
  });
});
