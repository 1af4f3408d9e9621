import sharp from "sharp";

/** The red of the focal-point tests' images. */
const RED = { r: 220, g: 20, b: 20 };

/**
 * A 2000 × 600 PNG, blue with a red 500 × 600 band on its left: a crop around a point on the
 * left holds red, one around a point on the right none.
 */
export async function redAndBlue() {
  const red = await sharp({ create: { width: 500, height: 600, channels: 3, background: RED } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 2000, height: 600, channels: 3, background: { r: 20, g: 40, b: 220 } } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

/** An image's size and how many pixels of its middle row are red. */
export async function cropOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  const row = Math.floor(info.height / 2) * info.width * info.channels;
  for (let x = 0; x < info.width; x += 1) {
    const at = row + x * info.channels;
    if (data[at]! > 150 && data[at + 2]! < 100) red += 1;
  }
  return { width: info.width, height: info.height, red };
}
