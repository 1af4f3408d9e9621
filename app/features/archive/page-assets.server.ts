// A page's assets as the archive keeps them: each stylesheet and image its HTML references, read
// from where the site serves it (asset-source.server.ts), named by its bytes' SHA-256; and the
// bytes stored once each (archive_blobs, gzip-compressed, with their type).
import { gzipSync } from "node:zlib";
import { inArray } from "drizzle-orm";
import { archiveBlobs, type ArchivedAssetRow } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import type { ArchiveAssetSource } from "./asset-source.server";
import { assetUrlsOf } from "./assets";
import { sha256Hex } from "./format.js";

export interface AssetReader {
  /** The page's assets, in the order its HTML names them. */
  assetsOf(html: Buffer): Promise<ArchivedAssetRow[]>;
  /**
   * An asset's bytes, read again to be stored (a run keeps only the hashes of what it read, so its
   * memory does not grow with the site's images); refused when the address now serves other bytes.
   */
  bytesOf(asset: ArchivedAssetRow): Promise<Buffer>;
}

/** Reads and hashes each address once per run (the same stylesheet on every page). */
export function assetReader(source: ArchiveAssetSource | undefined): AssetReader {
  const byUrl = new Map<string, Promise<ArchivedAssetRow | undefined>>();
  const readOne = async (url: string) => {
    const asset = await source?.read(url);
    if (!asset) return undefined;
    return { url, sha256: sha256Hex(asset.bytes), type: asset.type };
  };
  return {
    async bytesOf(asset) {
      const read = await source?.read(asset.url);
      if (!read || sha256Hex(read.bytes) !== asset.sha256)
        throw new Error(`the archive's asset ${asset.url} changed while it was archived; it is archived again on the next run`);
      return read.bytes;
    },
    async assetsOf(html) {
      if (!source || html.length === 0) return [];
      const assets: ArchivedAssetRow[] = [];
      for (const url of assetUrlsOf(html.toString("utf8"))) {
        if (!byUrl.has(url)) byUrl.set(url, readOne(url));
        const asset = await byUrl.get(url)!;
        if (asset) assets.push(asset);
      }
      return assets;
    },
  };
}

/** Whether two versions of a page reference the same assets with the same bytes. */
export const sameAssets = (a: readonly ArchivedAssetRow[], b: readonly ArchivedAssetRow[]) =>
  a.length === b.length && a.every((asset, index) => asset.url === b[index]!.url && asset.sha256 === b[index]!.sha256);

/** Which of these hashes have their bytes stored. */
export async function storedHashes(db: Executor, hashes: readonly string[]) {
  const known = new Set<string>();
  for (let at = 0; at < hashes.length; at += 500) {
    const rows = await db
      .select({ sha256: archiveBlobs.sha256 })
      .from(archiveBlobs)
      .where(inArray(archiveBlobs.sha256, hashes.slice(at, at + 500)));
    for (const row of rows) known.add(row.sha256);
  }
  return known;
}

/**
 * Stores the bytes not stored yet (a page's: type null), each once. `stored` are the hashes the
 * run found stored before it began (their bytes were not read again): each must still be there.
 */
export async function storeBlobs(tx: Executor, blobs: Map<string, { body: Buffer; type: string | null }>, stored: readonly string[] = []) {
  if ((await storedHashes(tx, stored)).size !== new Set(stored).size)
    throw new Error("bytes the archive found stored were removed meanwhile (retention); archived again on the next run");
  if (blobs.size === 0) return;
  const known = await storedHashes(tx, [...blobs.keys()]);
  const missing = [...blobs].filter(([hash]) => !known.has(hash));
  for (let at = 0; at < missing.length; at += 50)
    await tx
      .insert(archiveBlobs)
      .values(
        missing
          .slice(at, at + 50)
          .map(([sha256, { body, type }]) => ({ sha256, size: body.length, contentType: type, gzip: gzipSync(body, { level: 9 }) })),
      )
      .onConflictDoNothing();
}
