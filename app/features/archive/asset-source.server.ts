// Where the archive reads the bytes of a stylesheet or image a page references: the build's
// client files (`/assets/…`, the public folder's files) and the upload store (`/uploads/…`, on
// disk or in S3, also under S3_PUBLIC_URL). Other addresses (another site's) are not archived.
import fsp from "node:fs/promises";
import path from "node:path";
import { isStoreKey, type UploadStore } from "~/features/uploads/upload-store.server";

export interface ArchivedAssetBytes {
  bytes: Buffer;
  type: string;
}

export interface ArchiveAssetSource {
  /** The bytes an address served now, or undefined when the archive does not keep it. */
  read(url: string): Promise<ArchivedAssetBytes | undefined>;
}

const TYPES: Record<string, string> = {
  css: "text/css",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  woff2: "font/woff2",
  woff: "font/woff",
};

/** The type an address's extension names; undefined for a kind the archive does not keep. */
export function assetTypeOf(pathname: string) {
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  return extension ? TYPES[extension] : undefined;
}

export interface AssetSourceOptions {
  /** The build's client folder (build/client). */
  clientDirectory?: string;
  uploads?: UploadStore;
  /** Addresses that are this site's own: its PUBLIC_URL and S3_PUBLIC_URL (no trailing slash). */
  origins?: (string | undefined)[];
}

/** The site path an address names (`/uploads/a.webp`), or undefined when it is another site's. */
export function sitePathOf(url: string, origins: readonly string[]): string | undefined {
  let address = url;
  for (const origin of origins) if (address.startsWith(`${origin}/`)) address = address.slice(origin.length);
  if (!address.startsWith("/") || address.startsWith("//")) return undefined;
  try {
    const pathname = decodeURIComponent(new URL(address, "http://site.invalid").pathname);
    return pathname.split("/").some((segment) => segment === ".." || segment === ".") ? undefined : pathname;
  } catch {
    return undefined;
  }
}

export function assetSourceOf(options: AssetSourceOptions): ArchiveAssetSource {
  const origins = options.origins?.filter((origin): origin is string => !!origin).map((origin) => origin.replace(/\/+$/, "")) ?? [];
  const client = options.clientDirectory ? path.resolve(options.clientDirectory) : undefined;
  return {
    async read(url) {
      const pathname = sitePathOf(url, origins);
      const type = pathname && assetTypeOf(pathname);
      if (!pathname || !type) return undefined;
      if (pathname.startsWith("/uploads/")) {
        const key = pathname.slice(1);
        if (!options.uploads || !isStoreKey(key)) return undefined;
        const bytes = await options.uploads.read(key);
        return bytes && { bytes, type };
      }
      if (!client) return undefined;
      const file = path.join(client, pathname);
      if (!file.startsWith(client + path.sep)) return undefined;
      try {
        return { bytes: await fsp.readFile(file), type };
      } catch (error) {
        if (["ENOENT", "EISDIR", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return undefined;
        throw error;
      }
    },
  };
}

let source: ArchiveAssetSource | undefined;

/** The running site's source (server/boot/app.ts); none: pages are archived without their assets. */
export function setArchiveAssetSource(next: ArchiveAssetSource | undefined) {
  source = next;
}

export const archiveAssetSource = () => source;
