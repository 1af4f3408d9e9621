// The archive's hash chain, in plain JavaScript without the site's imports: the server appends
// entries with it and `npm run verify-archive` checks an export with it, without the site or its
// database (docs/archive.md describes the format).
import { createHash } from "node:crypto";

/** The hash the first entry commits to as its previous one. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * @typedef {object} ArchivedPage
 * @property {string} path The address, with its locale's prefix (`/de/fees`).
 * @property {string} locale
 * @property {number} status
 * @property {string | null} location Where a redirect sends visitors.
 * @property {string} sha256 SHA-256 (hex) of the bytes served.
 */

/**
 * @typedef {object} ChainEntry
 * @property {number} id
 * @property {string} changedAt ISO 8601, when the publish committed.
 * @property {string} kind
 * @property {string | null} by Who published (an email), null for the site itself.
 * @property {number | null} releaseId
 * @property {string | null} groupId
 * @property {boolean} captured
 * @property {ArchivedPage[]} pages
 */

/** SHA-256 of bytes or text, in hex. @param {Uint8Array | string} data */
export function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The entry's hash: SHA-256 of one line of JSON naming the previous entry's hash and every
 * field of the entry, its pages in address order.
 * @param {string} previousHash
 * @param {ChainEntry} entry
 */
export function entryHash(previousHash, entry) {
  const pages = [...entry.pages]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((page) => [page.path, page.locale, page.status, page.location ?? null, page.sha256]);
  const line = JSON.stringify([
    "archive-entry/1",
    previousHash,
    entry.id,
    entry.changedAt,
    entry.kind,
    entry.by ?? null,
    entry.releaseId ?? null,
    entry.groupId ?? null,
    entry.captured,
    pages,
  ]);
  return sha256Hex(line);
}
