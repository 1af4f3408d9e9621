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
 * @property {ArchivedAsset[]} [assets] The stylesheets and images it referenced (format 2).
 */

/**
 * @typedef {object} ArchivedAsset
 * @property {string} url The address as the page wrote it.
 * @property {string} sha256 SHA-256 (hex) of the asset's bytes.
 * @property {string} type Its content type.
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
 * @property {number} [format] 1 (pages without assets) or 2; absent: 1.
 * @property {string | null} [checkpoint] A retention entry's checkpoint hash (format 2).
 */

/** The format new entries are written in. */
export const ENTRY_FORMAT = 2;

/** @param {ArchivedAsset[] | undefined} assets */
const assetTuples = (assets) =>
  [...(assets ?? [])].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)).map((asset) => [asset.url, asset.sha256, asset.type]);

/** SHA-256 of bytes or text, in hex. @param {Uint8Array | string} data */
export function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The entry's hash: SHA-256 of one line of JSON naming the previous entry's hash and every
 * field of the entry, its pages in address order (format 2: each page's assets in address order,
 * and the entry's checkpoint).
 * @param {string} previousHash
 * @param {ChainEntry} entry
 */
export function entryHash(previousHash, entry) {
  const format = entry.format ?? 1;
  const sorted = [...entry.pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (format === 2) {
    const pages = sorted.map((page) => [page.path, page.locale, page.status, page.location ?? null, page.sha256, assetTuples(page.assets)]);
    return sha256Hex(
      JSON.stringify([
        "archive-entry/2",
        previousHash,
        entry.id,
        entry.changedAt,
        entry.kind,
        entry.by ?? null,
        entry.releaseId ?? null,
        entry.groupId ?? null,
        entry.captured,
        pages,
        entry.checkpoint ?? null,
      ]),
    );
  }
  if (format !== 1) return "";
  const pages = sorted.map((page) => [page.path, page.locale, page.status, page.location ?? null, page.sha256]);
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

/**
 * @typedef {object} Checkpoint
 * @property {string} cutoff ISO 8601: entries published before it were removed.
 * @property {number} throughEntryId The last removed entry's id.
 * @property {string} lastRemovedHash Its hash: the first kept entry's previous hash.
 * @property {(ArchivedPage & { since: string; entryId: number })[]} pages The pages in force at the cutoff.
 */

/**
 * A retention checkpoint's hash: SHA-256 of one line of JSON naming the last removed entry and
 * every page in force at the cutoff (address order, each with its assets, when and by which entry).
 * @param {Checkpoint} checkpoint
 */
export function checkpointHash(checkpoint) {
  const pages = [...checkpoint.pages]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((page) => [
      page.path,
      page.locale,
      page.status,
      page.location ?? null,
      page.sha256,
      assetTuples(page.assets),
      page.since,
      page.entryId,
    ]);
  return sha256Hex(
    JSON.stringify(["archive-checkpoint/1", checkpoint.cutoff, checkpoint.throughEntryId, checkpoint.lastRemovedHash, pages]),
  );
}
