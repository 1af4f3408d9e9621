import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeUpload, imageInfoDirectory } from "./images.server";
import { removeUpload, storeUpload, uploadsDirectory } from "./storage.server";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "images-test-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });
const store = (bytes: Buffer, settingKey = "hero_image") =>
  storeUpload(Readable.from([bytes]), { actor: null, dataDir, settingKey, now: 1700 });
const uploads = () => fs.readdirSync(uploadsDirectory(dataDir)).sort();

describe("[PERFORMANCE][IMAGES] responsive copies of uploads", () => {
  it("makes WebP copies at the srcset widths below the original, plus one at full size", async () => {
    const stored = await store(await picture(2000, 1000).png().toBuffer());
    expect(stored).toMatchObject({ width: 2000, height: 1000 });
    const widths = [320, 640, 960, 1280, 1920, 2000];
    expect(stored.srcSet).toBe(widths.map((width) => `/uploads/hero_image_1700-w${width}.webp ${width}w`).join(", "));
    expect(uploads()).toEqual(["hero_image_1700.png", ...widths.map((width) => `hero_image_1700-w${width}.webp`)].sort());
    for (const width of widths) {
      const copy = await sharp(path.join(uploadsDirectory(dataDir), `hero_image_1700-w${width}.webp`)).metadata();
      expect(copy).toMatchObject({ format: "webp", width, height: width / 2 });
    }
  });

  it("never enlarges a small image, and a small WebP needs no copy", async () => {
    const small = await store(await picture(100, 50).jpeg().toBuffer());
    expect(small.srcSet).toBe("/uploads/hero_image_1700-w100.webp 100w");
    const webp = await store(await picture(100, 50).webp().toBuffer(), "about_image");
    expect(webp).toMatchObject({ width: 100, height: 50 });
    expect(webp.srcSet).toBeUndefined();
    expect(uploads()).toEqual(["about_image_1700.webp", "hero_image_1700-w100.webp", "hero_image_1700.jpg"]);
  });

  it("keeps an animated GIF as it is, without still copies", async () => {
    const frames = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map((colour) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const stored = await store(animated);
    expect(stored).toMatchObject({ width: 400, height: 300 });
    expect(stored.srcSet).toBeUndefined();
    expect(uploads()).toEqual(["hero_image_1700.gif"]);
  });

  it("lays the image out as displayed when EXIF turns it a quarter", async () => {
    const stored = await store(await picture(300, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    expect(stored).toMatchObject({ width: 100, height: 300 });
    expect(await sharp(path.join(uploadsDirectory(dataDir), "hero_image_1700-w100.webp")).metadata()).toMatchObject({
      width: 100,
      height: 300,
    });
  });

  it("refuses bytes that look like a PNG but do not decode, leaving nothing on disk", async () => {
    const broken = Buffer.concat([(await picture(50, 50).png().toBuffer()).subarray(0, 40), Buffer.alloc(60, 7)]);
    await expect(store(broken)).rejects.toMatchObject({ code: "unreadable", status: 415 });
    expect(uploads()).toEqual([]);
    expect(fs.existsSync(imageInfoDirectory(dataDir)) ? fs.readdirSync(imageInfoDirectory(dataDir)) : []).toEqual([]);
  });

  it("refuses an image of more than 50 megapixels before decoding it", async () => {
    // A PNG header claiming 10000 x 10000 pixels: a few bytes that would need 300 MB decoded.
    const header = await picture(1, 1).png().toBuffer();
    const bomb = Buffer.from(header);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    await expect(store(bomb)).rejects.toMatchObject({ code: "too_many_pixels", status: 413 });
    expect(uploads()).toEqual([]);
  });

  it("describes an upload by its URL from the stored info, and forgets it with the upload", async () => {
    const stored = await store(await picture(700, 350).png().toBuffer());
    const info = await describeUpload(stored.url, dataDir);
    expect(info).toEqual({ width: 700, height: 350, srcSet: stored.srcSet });
    expect(await describeUpload("/uploads/../../etc/passwd", dataDir)).toBeUndefined();
    expect(await describeUpload("https://cdn.example.com/a.png", dataDir)).toBeUndefined();
    await removeUpload(null, dataDir, stored.fileName);
    expect(uploads()).toEqual([]);
    expect(await describeUpload(stored.url, dataDir)).toBeUndefined();
  });
});
