// Stylesheets and images archived beside the HTML: each page version names the assets it
// referenced, their bytes stored once by SHA-256, read from the build's client files and the
// upload store (disk and S3). An image replaced after a publish: the "as of" view still serves
// the old bytes, the export carries both and verifies, and a tampered asset is named.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveBlobs } from "~/db/schema";
import { assetSourceOf } from "~/features/archive/asset-source.server";
import type { ArchiveCapture } from "~/features/archive/capture.server";
import { MANIFEST_FILE, packExport, readTar } from "~/features/archive/export-format.js";
import { sha256Hex } from "~/features/archive/format.js";
import { archivePending } from "~/features/archive/worker.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { getPageContent } from "~/features/content/read.server";
import { localUploadStore, s3SettingsOf, s3UploadStore, type UploadStore } from "~/features/uploads/upload-store.server";
import { parseEnv } from "~/platform/env.server";
import { loader as assetLoader } from "~/routes/admin.archive.asset";
import { loader as exportLoader } from "~/routes/admin.archive.export";
import { loader as pageLoader } from "~/routes/admin.archive.page";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const admin = { id: "assets-admin", email: "assets@example.com", role: "administrator" };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const second = (at: Date) => at.toISOString().slice(0, 19);

/** Every page shows the stylesheet, the photo (with a srcset) and a share image on another site; `/` its hero title too. */
const capture: ArchiveCapture = {
  async render(path) {
    const title = path === "/" ? String((await getPageContent("home")).hero_title ?? "") : path;
    const html = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"><meta property="og:image" content="https://elsewhere.example/share.png"></head><body><h1>${title}</h1><picture><source srcset="/uploads/photo-w320.webp 320w" type="image/webp"><img src="/uploads/photo.png" alt=""></picture></body></html>`;
    return { status: path === "/404" ? 404 : 200, body: Buffer.from(html) };
  },
};

async function putUpload(store: UploadStore, name: string, bytes: Buffer) {
  const file = path.join(await store.scratchDirectory(), `.${name}-${Date.now()}`);
  fs.writeFileSync(file, bytes);
  await store.putFiles([{ key: `uploads/${name}`, file, contentType: "image/png" }]);
}

function verify(file: string) {
  const result = spawnSync(process.execPath, ["scripts/verify-archive.js", file], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe.each(onBothDatabases.flatMap((kind) => (["local disk", "S3"] as const).map((store) => [kind, store] as const)))(
  "assets archived beside the pages on %s, uploads on the %s",
  (kind, storeKind) => {
    const app = useTestApp(kind);
    const client = fs.mkdtempSync(path.join(os.tmpdir(), "archive-client-"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "archive-assets-"));
    let s3: TestS3Server | undefined;
    let store: UploadStore;
    let cookie = "";
    let between = new Date();
    const oldPhoto = Buffer.from("old photo bytes");
    const newPhoto = Buffer.from("new photo bytes, replaced under the same address");
    const run = () =>
      archivePending(app.handle.db, {
        capture,
        assets: assetSourceOf({ clientDirectory: client, uploads: store }),
        owner: "assets",
        settleMs: 0,
      });
    const call = (loader: (args: never) => unknown, url: string) =>
      loader({ request: siteRequest(url, { cookie }), params: {}, context: {} } as never) as Promise<Response>;

    beforeAll(async () => {
      cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
      if (storeKind === "S3") {
        s3 = await startS3Server();
        store = s3UploadStore(
          s3SettingsOf(parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env }))!,
          app.env.DATA_DIR,
        );
      } else store = localUploadStore(app.env.DATA_DIR);
      fs.mkdirSync(path.join(client, "assets"));
      fs.writeFileSync(path.join(client, "assets", "site.css"), "h1{color:navy}");
      await putUpload(store, "photo.png", oldPhoto);
      await putUpload(store, "photo-w320.webp", Buffer.from("small copy"));
      await upsertContentValue(app.handle.db, { page: "home", section: "hero_title", value: "Spring rates", actor: admin });
      expect(await run()).toBeGreaterThan(0);
      await pause(1100);
      between = new Date();
      await pause(1100);
      // The photo replaced under its address and the stylesheet rebuilt; then a publish.
      await putUpload(store, "photo.png", newPhoto);
      fs.writeFileSync(path.join(client, "assets", "site.css"), "h1{color:crimson}");
      await upsertContentValue(app.handle.db, { page: "home", section: "hero_title", value: "Summer rates", actor: admin });
      expect(await run()).toBe(1);
    });
    afterAll(async () => {
      await s3?.stop();
    });

    it("serves a page as of a moment with the stylesheet and image of that moment, from a private route", async () => {
      const answer = await call(pageLoader, `/admin/archive/page?${new URLSearchParams({ path: "/fees", at: second(between) })}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      const oldLink = `/admin/archive/asset?sha256=${sha256Hex(oldPhoto)}`;
      expect(html).toContain(`<img src="${oldLink}" alt="">`);
      expect(html).toContain(`href="/admin/archive/asset?sha256=${sha256Hex("h1{color:navy}")}"`);
      expect(html).toMatch(/srcset="\/admin\/archive\/asset\?sha256=[0-9a-f]{64} 320w"/);
      // Another site's image is not the archive's: left as the page wrote it.
      expect(html).toContain('content="https://elsewhere.example/share.png"');

      const photo = await call(assetLoader, oldLink);
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer()).equals(oldPhoto)).toBe(true);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(photo.headers.get("cache-control")).toBe("private, no-store");
      expect(photo.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      // Now: the new bytes; /fees's HTML did not change, its image did, so it has a version of its own.
      const now = await (
        await call(pageLoader, `/admin/archive/page?${new URLSearchParams({ path: "/fees", at: second(new Date()) })}`)
      ).text();
      expect(now).toContain(`<img src="/admin/archive/asset?sha256=${sha256Hex(newPhoto)}" alt="">`);
      // Identical bytes stored once: the stylesheet of both moments, the copy once.
      const blobs = await app.handle.db.select({ sha256: archiveBlobs.sha256, type: archiveBlobs.contentType }).from(archiveBlobs);
      expect(
        blobs
          .filter((blob) => blob.type !== null)
          .map((blob) => blob.type)
          .sort(),
      ).toEqual(["image/png", "image/png", "image/webp", "text/css", "text/css"]);
    });

    it("refuses a malformed or unknown asset, and never serves a page's HTML from the asset route", async () => {
      const bad = await call(assetLoader, "/admin/archive/asset?sha256=nothex");
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toMatch(/SHA-256/);
      expect((await call(assetLoader, `/admin/archive/asset?sha256=${"0".repeat(64)}`)).status).toBe(404);
      const page = await call(pageLoader, `/admin/archive/page?${new URLSearchParams({ path: "/fees", at: second(new Date()) })}`);
      expect((await call(assetLoader, `/admin/archive/asset?sha256=${page.headers.get("x-archive-sha256")}`)).status).toBe(404);
    });

    it("exports the assets with their hashes; verify-archive checks them and names an altered one", async () => {
      const answer = await call(
        exportLoader,
        `/admin/archive/export?${new URLSearchParams({ from: second(between), to: second(new Date()), path: "/fees" })}`,
      );
      expect(answer.status).toBe(200);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const files = readTar(gunzipSync(bytes));
      const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString("utf8"));
      const oldFile = `assets/${sha256Hex(oldPhoto)}`;
      expect(manifest.versions).toHaveLength(2);
      expect(manifest.versions[0].assets).toContainEqual({
        url: "/uploads/photo.png",
        sha256: sha256Hex(oldPhoto),
        type: "image/png",
        file: oldFile,
      });
      expect(manifest.files).toEqual(expect.arrayContaining([oldFile, `assets/${sha256Hex(newPhoto)}`]));
      expect(files.get(oldFile)!.equals(oldPhoto)).toBe(true);
      const good = path.join(dir, `fees-${kind}-${storeKind}.tar.gz`);
      fs.writeFileSync(good, bytes);
      expect(verify(good)).toMatchObject({ code: 0 });

      const tampered = path.join(dir, `tampered-${kind}-${storeKind}.tar.gz`);
      fs.writeFileSync(
        tampered,
        packExport([...files].map(([name, body]) => [name, name === oldFile ? Buffer.from("a retouched photo") : body])),
      );
      const result = verify(tampered);
      expect(result.code).toBe(1);
      expect(result.out).toContain(`altered. First: ${oldFile}: altered`);
    });
  },
);
