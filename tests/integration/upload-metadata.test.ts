// No served image carries photo metadata: a JPEG (turned by its EXIF orientation, and upright)
// and a PNG from a phone, uploaded on the local disk and into a bucket, and originals stored
// before uploads were cleaned: every served file (the original and each WebP copy) is parsed.
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "~/platform/env.server";
import { cleanStoredImages } from "~/features/uploads/clean-image.server";
import { describeUpload } from "~/features/uploads/images.server";
import { uploadStoreFor, type UploadStore } from "~/features/uploads/upload-store.server";
import { action } from "~/routes/admin.upload";
import { tinyImages } from "../support/images";
import { metadataIn, phoneJpeg, phonePng, phoneWebp } from "../support/photo-metadata";
import { uploadServer } from "../support/s3-site";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { siteRequest, signUpAndGetCookie, useTestApp } from "../support/test-database";
import { callRoute } from "../support/settings-routes";

describe.each(["local disk", "S3"] as const)("photo metadata of uploads on the %s", (where) => {
  const app = useTestApp("pglite");
  let s3: TestS3Server | undefined;
  let store: UploadStore;
  let served: Awaited<ReturnType<typeof uploadServer>>;
  let admin: string;
  beforeAll(async () => {
    if (where === "S3") {
      s3 = await startS3Server();
      app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env });
      setEnv(app.env);
    }
    store = uploadStoreFor(app.env);
    expect(store.kind).toBe(where === "S3" ? "s3" : "local");
    served = await uploadServer(store, app.env.DATA_DIR);
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  }, 60_000);
  afterAll(async () => {
    await served?.close();
    await s3?.stop();
  });

  const fetchBytes = async (url: string) => {
    const answer = await fetch(`${served.origin}${url}`);
    expect(answer.status, url).toBe(200);
    return Buffer.from(await answer.arrayBuffer());
  };
  /** The original and every WebP copy the page's srcset lists. */
  const servedFiles = async (url: string) => {
    const info = await describeUpload(url, store);
    const copies = (info?.srcSet ?? "")
      .split(", ")
      .filter(Boolean)
      .map((entry) => entry.split(" ")[0]!);
    return [url, ...copies];
  };
  const upload = async (page: string, section: string, bytes: Buffer) => {
    const answer = await callRoute(
      action,
      siteRequest(`/admin/upload?page=${page}&section=${section}`, { method: "POST", body: new Uint8Array(bytes), cookie: admin }),
    );
    expect(answer.status).toBe(200);
    return answer.body.url as string;
  };

  it.each([
    ["a JPEG shown turned (EXIF orientation 6)", "global", "og_image_url", () => phoneJpeg(1400, 700, 6), { width: 700, height: 1400 }],
    ["an upright JPEG", "global", "header_logo_url", () => phoneJpeg(800, 400), { width: 800, height: 400 }],
    ["a PNG", "home", "hero_image", () => phonePng(700, 350), { width: 700, height: 350 }],
    ["a WebP", "global", "footer_logo_url", () => phoneWebp(700, 350), { width: 700, height: 350 }],
  ])("%s is served without any, turned upright and with its colour profile", async (_name, page, section, make, size) => {
    const url = await upload(page, section, await make());
    const files = await servedFiles(url);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) expect(await metadataIn(await fetchBytes(file)), file).toEqual([]);
    const original = await sharp(await fetchBytes(url)).metadata();
    expect({ width: original.width, height: original.height }).toEqual(size);
    expect(original.icc, "the colour profile is kept").toBeDefined();
  });

  it("cleans originals stored before, leaves clean ones byte for byte, and serves them clean", async () => {
    const scratch = await store.scratchDirectory();
    const old = { "uploads/og_image_url_1000.jpg": await phoneJpeg(640, 320, 6), "uploads/hero_image_1000.png": await phonePng(300, 200) };
    const clean = { "uploads/header_logo_url_1000.png": tinyImages.png, "uploads/hero_image_1001.jpg": tinyImages.jpg };
    const files = await Promise.all(
      Object.entries({ ...old, ...clean }).map(async ([key, bytes], index) => {
        const file = path.join(scratch, `.old-${index}`);
        await fsp.writeFile(file, bytes);
        return { key, file, contentType: key.endsWith(".png") ? "image/png" : "image/jpeg" };
      }),
    );
    await store.putFiles(files);
    for (const key of Object.keys(old)) expect(await metadataIn((await store.read(key))!), key).not.toEqual([]);

    expect(await cleanStoredImages(store)).toMatchObject({ cleaned: 2 });
    for (const key of Object.keys(old)) expect(await metadataIn(await fetchBytes(`/${key}`)), key).toEqual([]);
    expect((await sharp(await fetchBytes("/uploads/og_image_url_1000.jpg")).metadata()).width).toBe(320);
    for (const [key, bytes] of Object.entries(clean)) expect((await fetchBytes(`/${key}`)).equals(bytes), key).toBe(true);
    // A second pass finds nothing left to do.
    expect(await cleanStoredImages(store)).toMatchObject({ cleaned: 0 });
  });
});
