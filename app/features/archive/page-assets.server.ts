// A page's assets as the archive keeps them: each stylesheet and image its HTML references, read
// from where the site serves it (asset-source.server.ts), named by its bytes' SHA-256; and the
// bytes stored once each (archive_blobs, gzip-compressed, with their type).
import { gzipSync } from "node:zlib";
import { inArray } from "drizzle-orm";
import { archiveBlobs, type ArchivedAssetRow } from "~/db/schema";
import type { Executor } from "~/features/records/executor";
import type { ArchiveAssetSource, ArchivedAssetBytes } from "./asset-source.server";
import { assetUrlsOf } from "./assets";
import { sha256Hex } from "./format.js";

export interface AssetReader {
  /** The page's assets, in the order its HTML names them. */
  assetsOf(html: Buffer): Promise<ArchivedAssetRow[]>;
  /** The bytes read, by SHA-256. */
  bodies: Map<string, ArchivedAssetBytes>;
}

/** Reads each address once per run (the same stylesheet on every page). */
export function assetReader(source: ArchiveAssetSource | undefined): AssetReader {
  const byUrl = new Map<string, Promise<ArchivedAssetRow | undefined>>();
  const bodies = new Map<string, ArchivedAssetBytes>();
  const readOne = async (url: string) => {
    const asset = await source?.read(url);
    if (!asset) return undefined;
    const sha256 = sha256Hex(asset.bytes);
    bodies.set(sha256, asset);
    return { url, sha256, type: asset.type };
  };
  return {
    bodies,
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

/** Stores the bytes not stored yet (a page's: type null), each once. */
export async function storeBlobs(tx: Executor, blobs: Map<string, { body: Buffer; type: string | null }>) {
  if (blobs.size === 0) return;
  const hashes = [...blobs.keys()];
  const known = new Set<string>();
  for (let at = 0; at < hashes.length; at += 500) {
    const rows = await tx
      .select({ sha256: archiveBlobs.sha256 })
      .from(archiveBlobs)
      .where(inArray(archiveBlobs.sha256, hashes.slice(at, at + 500)));
    for (const row of rows) known.add(row.sha256);
  }
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
