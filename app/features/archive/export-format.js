// The archive's export file, in plain JavaScript without the site's imports: the server writes it
// and `npm run verify-archive -- FILE` reads and checks it without the site or its database.
// A gzip-compressed tar (ustar): manifest.json, and pages/<sha256>.html for each page's bytes
// (docs/archive.md describes the format).
import { gunzipSync, gzipSync } from "node:zlib";
import { entryHash, GENESIS_HASH, sha256Hex } from "./format.js";

export const EXPORT_FORMAT = "site-archive-export/1";
export const MANIFEST_FILE = "manifest.json";

/** Where an export keeps the bytes whose SHA-256 is `sha256`. */
export const pageFile = (/** @type {string} */ sha256) => `pages/${sha256}.html`;

const BLOCK = 512;

/** @param {Buffer} header @param {number} at @param {number} length @param {string} text */
function put(header, at, length, text) {
  header.write(text.slice(0, length), at, length, "utf8");
}

/** @param {number} value @param {number} length */
const octal = (value, length) => value.toString(8).padStart(length - 1, "0") + "\0";

/**
 * A tar archive of the files, in the order given (names of at most 100 bytes).
 * @param {[string, Buffer][]} files
 * @param {Date} [mtime]
 */
export function writeTar(files, mtime = new Date(0)) {
  const parts = [];
  for (const [name, body] of files) {
    const header = Buffer.alloc(BLOCK);
    put(header, 0, 100, name);
    put(header, 100, 8, octal(0o644, 8));
    put(header, 108, 8, octal(0, 8));
    put(header, 116, 8, octal(0, 8));
    put(header, 124, 12, octal(body.length, 12));
    put(header, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
    put(header, 148, 8, "        ");
    put(header, 156, 1, "0");
    put(header, 257, 6, "ustar\0");
    put(header, 263, 2, "00");
    let sum = 0;
    for (const byte of header) sum += byte;
    put(header, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
    parts.push(header, body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/**
 * The files of a tar archive, by name, in order. Throws on a malformed archive.
 * @param {Buffer} tar
 * @returns {Map<string, Buffer>}
 */
export function readTar(tar) {
  const files = new Map();
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) throw new Error(`malformed archive at ${name || "its end"}`);
    if (files.has(name)) throw new Error(`${name}: stored twice`);
    files.set(name, tar.subarray(at + BLOCK, at + BLOCK + size));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

/** @param {[string, Buffer][]} files */
export const packExport = (files) => gzipSync(writeTar(files), { level: 9 });

/**
 * Checks an export: the manifest's chain from its first entry (each entry's hash recomputed from
 * its fields, its pages and the previous hash; the first from the chain's start), and every
 * page's file against its SHA-256. Answers the problems in the order found (the first names the
 * first altered file); none when everything checks.
 * @param {Buffer} file
 * @returns {{ problems: string[]; entries: number; files: number }}
 */
export function verifyExport(file) {
  let files;
  try {
    files = readTar(gunzipSync(file));
  } catch (error) {
    return { problems: [`not an archive export: ${error instanceof Error ? error.message : String(error)}`], entries: 0, files: 0 };
  }
  const problems = [];
  const manifestBytes = files.get(MANIFEST_FILE);
  if (!manifestBytes) return { problems: [`${MANIFEST_FILE}: missing`], entries: 0, files: files.size };
  let manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString("utf8"));
  } catch {
    return { problems: [`${MANIFEST_FILE}: altered (not JSON)`], entries: 0, files: files.size };
  }
  if (manifest?.format !== EXPORT_FORMAT || !Array.isArray(manifest.entries))
    return { problems: [`${MANIFEST_FILE}: not in the format ${EXPORT_FORMAT}`], entries: 0, files: files.size };
  let previous = GENESIS_HASH;
  for (const entry of manifest.entries) {
    if (entry.previousHash !== previous) problems.push(`${MANIFEST_FILE}: entry ${entry.id} does not follow the entry before it`);
    if (entryHash(entry.previousHash, entry) !== entry.hash) problems.push(`${MANIFEST_FILE}: entry ${entry.id} was altered`);
    previous = entry.hash;
  }
  if (manifest.entries.length > 0 && manifest.lastHash !== previous)
    problems.push(`${MANIFEST_FILE}: the chain does not end where the manifest says`);
  const listed = new Set(Array.isArray(manifest.files) ? manifest.files : []);
  for (const name of listed) {
    const body = files.get(name);
    if (!body) problems.push(`${name}: missing`);
    else if (`pages/${sha256Hex(body)}.html` !== name) problems.push(`${name}: altered`);
  }
  for (const name of files.keys()) if (name !== MANIFEST_FILE && !listed.has(name)) problems.push(`${name}: not in the manifest`);
  return { problems, entries: manifest.entries.length, files: listed.size };
}
