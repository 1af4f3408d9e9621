// Photos as a phone leaves them: EXIF with the camera, its serial number, a maker note, the
// author and a GPS position, XMP and IPTC naming the author, and (for PNG) a text chunk. Made
// with sharp, the IPTC segment and the PNG text chunk added by hand (sharp writes neither).
import zlib from "node:zlib";
import sharp from "sharp";

/** Strings planted in the metadata: none may be found in a served file. */
export const plantedValues = ["Jane Author", "PhoneCo", "Phone X1", "SN-0042", "MakerSecret", "Lens-77"];

const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"><dc:creator><rdf:Seq><rdf:li>Jane Author</rdf:li></rdf:Seq></dc:creator><exif:GPSLatitude>55,45.0N</exif:GPSLatitude></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const exif = {
  IFD0: { Make: "PhoneCo", Model: "Phone X1", Artist: "Jane Author", Copyright: "Jane Author" },
  IFD2: { BodySerialNumber: "SN-0042", LensSerialNumber: "Lens-77", UserComment: "MakerSecret" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "37/1 37/1 0/1" },
};

/** An IPTC-IIM record (Photoshop APP13) naming the author (By-line, 2:80). */
function iptcSegment() {
  const author = Buffer.from("Jane Author");
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0x00, author.length]), author]);
  const resource = Buffer.concat([Buffer.from("8BIM"), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), record]);
  resource.writeUInt32BE(record.length, 10);
  const padded = record.length % 2 ? Buffer.concat([resource, Buffer.alloc(1)]) : resource;
  const data = Buffer.concat([Buffer.from("Photoshop 3.0\0"), padded]);
  const header = Buffer.from([0xff, 0xed, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
}

function pngTextChunk(keyword: string, text: string) {
  const body = Buffer.concat([Buffer.from(`${keyword}\0${text}`, "latin1")]);
  const type = Buffer.from("tEXt");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, body])) >>> 0);
  return Buffer.concat([length, type, body, crc]);
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .withIccProfile("p3")
    .withExif(exif)
    .withXmp(xmp);

/** A JPEG of width x height as stored; `orientation` 6 means it is shown turned a quarter (height x width). */
export async function phoneJpeg(width: number, height: number, orientation = 1) {
  const bytes = await canvas(width, height).withMetadata({ orientation }).jpeg().toBuffer();
  // The IPTC segment right after the start of the image.
  return Buffer.concat([bytes.subarray(0, 2), iptcSegment(), bytes.subarray(2)]);
}

export async function phonePng(width: number, height: number) {
  const bytes = await canvas(width, height).png().toBuffer();
  const end = bytes.length - 12; // IEND
  return Buffer.concat([bytes.subarray(0, end), pngTextChunk("Author", "Jane Author"), bytes.subarray(end)]);
}

export const phoneWebp = (width: number, height: number) => canvas(width, height).webp().toBuffer();

/** What a served file still says about where and by whom it was taken: empty when nothing. */
export async function metadataIn(bytes: Buffer) {
  const found: string[] = [];
  const metadata = await sharp(bytes).metadata();
  if (metadata.exif) found.push("EXIF");
  if (metadata.xmp) found.push("XMP");
  if (metadata.iptc) found.push("IPTC");
  if ((metadata.orientation ?? 1) !== 1) found.push(`orientation ${metadata.orientation}`);
  if ((metadata.comments ?? []).length > 0) found.push("comments");
  const text = bytes.toString("latin1");
  for (const marker of ["Exif\0\0", "<x:xmpmeta", "Photoshop 3.0", "8BIM", "eXIf", "tEXt", "zTXt", "iTXt", "EXIF", "XMP "])
    if (text.includes(marker)) found.push(JSON.stringify(marker));
  for (const value of plantedValues) if (text.includes(value)) found.push(value);
  return found;
}
