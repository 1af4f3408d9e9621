import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, storeUpload, UploadError, uploadsDirectory } from "./storage.server";

// Smallest valid files of each accepted kind, enough for detection by their bytes.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
const GIF = Buffer.from("474946383961010001000000002c00000000010001000002", "hex");
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([26, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])]);

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
    const stored = await storeUpload(Readable.from([bytes]), { dataDir, settingKey: "header_logo_url", now: 1700 });
    expect(stored).toMatchObject({ fileName: `header_logo_url_1700.${extension}`, contentType: mime, url: `/uploads/header_logo_url_1700.${extension}` });
    expect(filesOnDisk()).toEqual([stored.fileName]);
  });

  it("refuses a text file whatever its name, leaving nothing on disk", async () => {
    const upload = storeUpload(Readable.from([Buffer.from("just some text pretending to be a picture")]), { dataDir, settingKey: "favicon_url" });
    await expect(upload).rejects.toMatchObject({ code: "unsupported_type", status: 415 });
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an SVG", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await expect(storeUpload(Readable.from([Buffer.from(svg)]), { dataDir, settingKey: "logo_url" })).rejects.toMatchObject({
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
    const upload = storeUpload(source, { dataDir, settingKey: "og_image_url" });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({ code: "too_large", status: 413 });
    expect(sent).toBeLessThanOrEqual(52);
    expect(filesOnDisk()).toEqual([]);
    expect(MAX_UPLOAD_BYTES).toBe(50 * 1024 * 1024);
  });

  it.each(["../etc/passwd", "a/b", "..", "UPPER", "", "x".repeat(51)])("refuses the setting key %j", async (settingKey) => {
    await expect(storeUpload(Readable.from([PNG]), { dataDir, settingKey })).rejects.toMatchObject({ code: "invalid_key", status: 400 });
    expect(fs.existsSync(uploadsDirectory(dataDir)) ? filesOnDisk() : []).toEqual([]);
  });

  it("refuses an empty file", async () => {
    await expect(storeUpload(Readable.from([]), { dataDir, settingKey: "logo_url" })).rejects.toMatchObject({ code: "empty" });
  });
});
