// Photo metadata (EXIF with its GPS position, camera, serial number and maker notes; XMP; IPTC;
// comments and text chunks) taken out of an image's bytes without decoding it: the picture, its
// colour profile and (for PNG and WebP) its animation stay exactly as they were. What an image
// needs to be drawn is kept by name; everything else goes, as does anything after the image's end.

/** The bytes without metadata, and whether anything was taken out; undefined when they do not parse. */
export type Stripped = { bytes: Buffer; changed: boolean } | undefined;

const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
const startsWith = (bytes: Buffer, offset: number, text: string) => bytes.toString("latin1", offset, offset + text.length) === text;

/** Whether a JPEG segment (marker and its data, length bytes included) is kept. */
function keepJpegSegment(marker: number, bytes: Buffer, data: number): boolean {
  if (marker === 0xe0) return startsWith(bytes, data, "JFIF\0"); // JFIF, not a JFXX thumbnail
  if (marker === 0xe2) return startsWith(bytes, data, "ICC_PROFILE\0"); // the colour profile
  if (marker === 0xee) return startsWith(bytes, data, "Adobe"); // how the colours are transformed
  // APP1 (EXIF, XMP), APP13 (IPTC), every other application segment, and comments.
  return !((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe);
}

export function stripJpeg(bytes: Buffer): Stripped {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let changed = false;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      break;
    }
    if (JPEG_STANDALONE.has(marker)) {
      parts.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return undefined;
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (end > bytes.length) return undefined;
    if (keepJpegSegment(marker, bytes, offset + 4)) parts.push(bytes.subarray(offset, end));
    else changed = true;
    offset = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not stuffing or a restart.
      let scan = offset;
      while (scan + 1 < bytes.length && !(bytes[scan] === 0xff && bytes[scan + 1] !== 0 && !JPEG_STANDALONE.has(bytes[scan + 1]!)))
        scan += 1;
      parts.push(bytes.subarray(offset, scan));
      offset = scan;
    }
  }
  // Anything after the end of the image (a second picture, a maker's trailer) goes too.
  if (offset < bytes.length) changed = true;
  return { bytes: changed ? Buffer.concat(parts) : bytes, changed };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that draw the picture, its colours and its animation (APNG); eXIf, tEXt, zTXt, iTXt, tIME and the rest go. */
const PNG_KEPT = new Set([
  ...["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI"],
  ...["bKGD", "hIST", "pHYs", "sPLT", "acTL", "fcTL", "fdAT"],
]);

export function stripPng(bytes: Buffer): Stripped {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  let changed = false;
  let ended = false;
  while (offset + 12 <= bytes.length && !ended) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (end > bytes.length) return undefined;
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (PNG_KEPT.has(type)) parts.push(bytes.subarray(offset, end));
    else changed = true;
    ended = type === "IEND";
    offset = end;
  }
  if (!ended) return undefined;
  if (offset < bytes.length) changed = true;
  return { bytes: changed ? Buffer.concat(parts) : bytes, changed };
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

export function stripWebp(bytes: Buffer): Stripped {
  if (bytes.length < 12 || !startsWith(bytes, 0, "RIFF") || !startsWith(bytes, 8, "WEBP")) return undefined;
  const riffEnd = Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  const parts: Buffer[] = [];
  let offset = 12;
  let changed = riffEnd < bytes.length;
  while (offset + 8 <= riffEnd) {
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (end > riffEnd + (size % 2)) return undefined;
    const type = bytes.toString("latin1", offset, offset + 4);
    if (type === "EXIF" || type === "XMP ") changed = true;
    else if (type === "VP8X") {
      const chunk = Buffer.from(bytes.subarray(offset, Math.min(end, bytes.length)));
      if (chunk[8]! & (VP8X_EXIF | VP8X_XMP)) changed = true;
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(chunk);
    } else parts.push(bytes.subarray(offset, Math.min(end, bytes.length)));
    offset = end;
  }
  if (!changed) return { bytes, changed };
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  header.write("WEBP", 8, "latin1");
  return { bytes: Buffer.concat([header, body]), changed };
}

/** The end of a GIF's data sub-blocks starting at `offset` (after their terminating zero), or -1. */
function afterSubBlocks(bytes: Buffer, offset: number) {
  let at = offset;
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1;
  return at < bytes.length ? at + 1 : -1;
}

const GIF_LOOPING = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

/** GIF: comment extensions and application extensions (XMP among them) go; the looping one stays. */
export function stripGif(bytes: Buffer): Stripped {
  if (bytes.length < 13 || !/^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return undefined;
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let offset = 13 + tableSize(bytes[10]!);
  const parts: Buffer[] = [bytes.subarray(0, offset)];
  let changed = false;
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(offset, offset + 1));
      offset += 1;
      break;
    }
    let end: number;
    let keep = true;
    if (introducer === 0x21) {
      const label = bytes[offset + 1];
      end = afterSubBlocks(bytes, offset + 2);
      if (label === 0xfe) keep = false;
      if (label === 0xff) keep = GIF_LOOPING.has(bytes.toString("latin1", offset + 3, offset + 14));
    } else if (introducer === 0x2c) {
      const data = offset + 10 + (offset + 9 < bytes.length ? tableSize(bytes[offset + 9]!) : 0);
      end = afterSubBlocks(bytes, data + 1);
    } else return undefined;
    if (end < 0) return undefined;
    if (keep) parts.push(bytes.subarray(offset, end));
    else changed = true;
    offset = end;
  }
  if (offset < bytes.length) changed = true;
  return { bytes: changed ? Buffer.concat(parts) : bytes, changed };
}

export function stripImageMetadata(bytes: Buffer, extension: string): Stripped {
  if (extension === "jpg") return stripJpeg(bytes);
  if (extension === "png") return stripPng(bytes);
  if (extension === "webp") return stripWebp(bytes);
  if (extension === "gif") return stripGif(bytes);
  return undefined;
}
