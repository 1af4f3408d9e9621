import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { tinyImages } from "../../../tests/support/images";
import { metadataIn, phoneJpeg, phonePng, phoneWebp } from "../../../tests/support/photo-metadata";
import { stripImageMetadata } from "./strip-metadata";

const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

describe("photo metadata cut out of an image's bytes", () => {
  it.each(["jpg", "png", "gif", "webp"] as const)("leaves a %s without metadata byte for byte", (extension) => {
    const stripped = stripImageMetadata(tinyImages[extension], extension);
    expect(stripped).toEqual({ bytes: tinyImages[extension], changed: false });
  });

  it.each([
    ["jpg", () => phoneJpeg(90, 40)],
    ["png", () => phonePng(90, 40)],
    ["webp", () => phoneWebp(90, 40)],
  ] as const)("takes it all out of a phone's %s and leaves the picture and its colour profile as they were", async (extension, make) => {
    const bytes = await make();
    const stripped = stripImageMetadata(bytes, extension)!;
    expect(stripped.changed).toBe(true);
    expect(await metadataIn(stripped.bytes)).toEqual([]);
    expect((await pixels(stripped.bytes)).equals(await pixels(bytes))).toBe(true);
    expect((await sharp(stripped.bytes).metadata()).icc).toBeDefined();
  });

  it("drops what follows the end of a JPEG (a second picture, a maker's trailer)", async () => {
    const bytes = Buffer.concat([tinyImages.jpg, Buffer.from("Exif\0\0Jane Author")]);
    const stripped = stripImageMetadata(bytes, "jpg")!;
    expect(stripped.bytes.equals(tinyImages.jpg)).toBe(true);
  });

  it("drops a GIF's comments and XMP, keeps its looping", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .gif({ loop: 0 })
      .toBuffer();
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 11]), Buffer.from("Jane Author"), Buffer.from([0])]);
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from("XMP DataXMP"),
      Buffer.from([5]),
      Buffer.from("<x:x>"),
      Buffer.from([0]),
    ]);
    const end = gif.length - 1;
    const bytes = Buffer.concat([gif.subarray(0, end), comment, xmp, gif.subarray(end)]);
    const stripped = stripImageMetadata(bytes, "gif")!;
    expect(stripped.changed).toBe(true);
    expect(stripped.bytes.equals(gif)).toBe(true);
    expect(stripped.bytes.toString("latin1")).toContain("NETSCAPE2.0");
  });

  it("answers undefined for bytes it cannot read, which are then encoded again", () => {
    expect(stripImageMetadata(Buffer.from("not an image"), "png")).toBeUndefined();
    expect(stripImageMetadata(tinyImages.png.subarray(0, 30), "png")).toBeUndefined();
  });
});
