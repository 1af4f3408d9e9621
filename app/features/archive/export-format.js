// The archive's export file, in plain JavaScript without the site's imports: the server writes it
// and `npm run verify-archive -- FILE` reads and checks it without the site or its database.
// A gzip-compressed tar (ustar): manifest.json, pages/<sha256>.html for each page's bytes and
// assets/<sha256> for each stylesheet's and image's (docs/archive.md describes the format).
import { gunzipSync, gzipSync } from "node:zlib";
import { checkpointHash, entryHash, GENESIS_HASH, sha256Hex } from "./format.js";

export const EXPORT_FORMAT = "site-archive-export/1";
export const MANIFEST_FILE = "manifest.json";

/** Where an export keeps the bytes whose SHA-256 is `sha256`. */
export const pageFile = (/** @type {string} */ sha256) => `pages/${sha256}.html`;

/** Where an export keeps an asset's bytes (a stylesheet, an image) whose SHA-256 is `sha256`. */
export const assetFile = (/** @type {string} */ sha256) => `assets/${sha256}`;

/** The SHA-256 a file's name says its bytes have; undefined for a name that is neither a page's nor an asset's. */
const namedHash = (/** @type {string} */ name) =>
  /^(?:pages\/([0-9a-f]{64})\.html|assets\/([0-9a-f]{64}))$/.exec(name)?.slice(1).find(Boolean);

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
  const { previous: start, problems: checkpointProblems } = checkedCheckpoint(manifest);
  problems.push(...checkpointProblems);
  let previous = start;
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
    else if (namedHash(name) !== sha256Hex(body)) problems.push(`${name}: altered`);
  }
  for (const name of files.keys()) if (name !== MANIFEST_FILE && !listed.has(name)) problems.push(`${name}: not in the manifest`);
  // Every version's page and assets are in the export, under the names their hashes give.
  for (const version of Array.isArray(manifest.versions) ? manifest.versions : []) {
    for (const asset of Array.isArray(version.assets) ? version.assets : [])
      if (asset.file !== assetFile(asset.sha256) || !listed.has(asset.file))
        problems.push(`${MANIFEST_FILE}: the asset ${asset.url} of ${version.path} is not in the export`);
  }
  return { problems, entries: manifest.entries.length, files: listed.size };
}

/**
 * Where the chain starts: from its beginning, or (old entries removed after the retention
 * period) from the checkpoint, whose hash is recomputed and must be the one the chain's last
 * retention entry records.
 * @param {any} manifest
 * @returns {{ previous: string; problems: string[] }}
 */
function checkedCheckpoint(manifest) {
  const checkpoint = manifest.checkpoint;
  if (checkpoint === undefined || checkpoint === null) return { previous: GENESIS_HASH, problems: [] };
  const problems = [];
  if (!Array.isArray(checkpoint.pages) || checkpointHash(checkpoint) !== checkpoint.hash)
    problems.push(`${MANIFEST_FILE}: the retention checkpoint was altered`);
  const recorded = manifest.entries.filter((/** @type {any} */ entry) => typeof entry.checkpoint === "string").at(-1);
  if (recorded?.checkpoint !== checkpoint.hash) problems.push(`${MANIFEST_FILE}: no entry of the chain records the retention checkpoint`);
  return { previous: typeof checkpoint.lastRemovedHash === "string" ? checkpoint.lastRemovedHash : GENESIS_HASH, problems };
}
