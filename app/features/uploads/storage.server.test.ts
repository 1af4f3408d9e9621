import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tinyImages } from "../../../tests/support/images";
import { MAX_UPLOAD_BYTES, storeUpload, UploadError, uploadsDirectory } from "./storage.server";

const { png: PNG, jpg: JPEG, gif: GIF, webp: WEBP } = tinyImages;

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const filesOnDisk = () => fs.readdirSync(uploadsDirectory(dataDir));

describe("upload storage", () => {
  it.each([
    ["png", PNG, "image/png"],
    ["jpg", JPEG, "image/jpeg"],
    ["gif", GIF, "image/gif"],
    ["webp", WEBP, "image/webp"],
  ])("keeps a %s under a generated name", async (extension, bytes, mime) => {
    const stored = await storeUpload(Readable.from([bytes]), { actor: null, dataDir, settingKey: "header_logo_url", now: 1700 });
    expect(stored).toMatchObject({
      fileName: `header_logo_url_1700.${extension}`,
      contentType: mime,
      url: `/uploads/header_logo_url_1700.${extension}`,
    });
    // Beside it, a full-size WebP copy for srcset unless it is a WebP already.
    const copies = extension === "webp" ? [] : ["header_logo_url_1700-w2.webp"];
    expect(filesOnDisk().sort()).toEqual([stored.fileName, ...copies].sort());
    expect(stored).toMatchObject({ width: 2, height: 2 });
  });

  it("refuses a text file whatever its name, leaving nothing on disk", async () => {
    const upload = storeUpload(Readable.from([Buffer.from("just some text pretending to be a picture")]), {
      actor: null,
      dataDir,
      settingKey: "favicon_url",
    });
    await expect(upload).rejects.toMatchObject({ code: "unsupported_type", status: 415 });
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an SVG", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await expect(storeUpload(Readable.from([Buffer.from(svg)]), { actor: null, dataDir, settingKey: "logo_url" })).rejects.toMatchObject({
      code: "unsupported_type",
      message: "Unsupported file format. Please use JPG, PNG, GIF or WebP.",
    });
    expect(filesOnDisk()).toEqual([]);
  });

  it("stops a 51 MB upload while streaming with 413 and removes the partial file", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const source = new Readable({
      read() {
        sent += 1;
        this.push(sent === 1 ? Buffer.concat([PNG, chunk]) : sent <= 51 ? chunk : null);
      },
    });
    const upload = storeUpload(source, { actor: null, dataDir, settingKey: "og_image_url" });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({ code: "too_large", status: 413 });
    expect(sent).toBeLessThanOrEqual(52);
    expect(filesOnDisk()).toEqual([]);
    expect(MAX_UPLOAD_BYTES).toBe(50 * 1024 * 1024);
  });

  it.each(["../etc/passwd", "a/b", "..", "UPPER", "", "x".repeat(51)])("refuses the setting key %j", async (settingKey) => {
    await expect(storeUpload(Readable.from([PNG]), { actor: null, dataDir, settingKey })).rejects.toMatchObject({
      code: "invalid_key",
      status: 400,
    });
    expect(fs.existsSync(uploadsDirectory(dataDir)) ? filesOnDisk() : []).toEqual([]);
  });

  it("refuses an empty file", async () => {
    await expect(storeUpload(Readable.from([]), { actor: null, dataDir, settingKey: "logo_url" })).rejects.toMatchObject({ code: "empty" });
  });
});
