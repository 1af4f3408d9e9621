import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { ReadEntry } from "tar";
import { MANIFEST_NAME, manifestSchema, type Manifest, type ManifestMember } from "./manifest";

/** No member of a site's archive comes near this; a header claiming more is refused before any byte is written. */
export const MAX_MEMBER_BYTES = 1024 ** 3;
const MAX_MEMBERS = 200_000;
/** Names the site itself writes: generated upload names, table dumps; nothing else is extracted. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,200}$/;

export class ArchiveError extends Error {}

export async function hashFile(file: string) {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every file under a directory, as paths relative to it with forward slashes, sorted. */
export async function listFiles(directory: string, prefix = ""): Promise<string[]> {
  if (!fs.existsSync(directory)) return [];
  const found: string[] = [];
  for (const entry of await fsp.readdir(directory, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(path.join(directory, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** The tar library, loaded with the first backup or restore: a server that never makes one keeps its memory (bench/memory.md). */
const loadTar = () => import("tar");

/** Writes the staged members as a gzipped tar, manifest first, under a temporary name renamed into place. */
export async function packArchive(stagingDirectory: string, members: string[], outFile: string) {
  const partial = `${outFile}.partial`;
  try {
    const tar = await loadTar();
    await tar.create({ gzip: true, portable: true, cwd: stagingDirectory, file: partial, noDirRecurse: true }, [MANIFEST_NAME, ...members]);
    await fsp.rename(partial, outFile);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

/** Refuses a member name that could point outside the target or that the site never writes. */
export function checkMemberPath(name: string) {
  const segments = name.replace(/\/$/, "").split("/");
  if (name.startsWith("/") || name.includes("\\") || segments.some((segment) => !SAFE_SEGMENT.test(segment) || segment.includes(".."))) {
    throw new ArchiveError(`The archive holds a member with a name this site never writes: ${JSON.stringify(name.slice(0, 120))}`);
  }
}

/**
 * Writes a member's chunks as they come, at the file's pace, each seen by `onChunk` first. One
 * listener does both: the tar parser hands a chunk it already holds to the first 'data' listener
 * at once, so a pipe added after another listener missed it and the member was written empty
 * under the right hash.
 */
function copyEntry(entry: ReadEntry, out: fs.WriteStream, onChunk: (chunk: Buffer) => void) {
  entry.on("data", (chunk: Buffer) => {
    onChunk(chunk);
    if (!out.write(chunk)) {
      entry.pause();
      out.once("drain", () => entry.resume());
    }
  });
  entry.on("end", () => out.end());
}

/**
 * Extracts an archive into an empty directory and checks it against its manifest: only plain
 * files and folders with safe names, none larger than MAX_MEMBER_BYTES, every member listed with
 * its size and SHA-256, nothing extra. Anything else stops the extraction with an ArchiveError;
 * nothing is written outside the directory (the caller removes it).
 */
export async function unpackArchive(file: string, directory: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const writes: Promise<void>[] = [];
  const open: fs.WriteStream[] = [];
  let members = 0;
  const tar = await loadTar();
  const parser = new tar.Parser({ strict: true, maxMetaEntrySize: 64 * 1024 });
  const refuse = (error: Error) => parser.abort(error);
  parser.on("entry", (entry: ReadEntry) => {
    try {
      members++;
      if (members > MAX_MEMBERS) throw new ArchiveError("The archive holds more members than a site backup can");
      checkMemberPath(entry.path);
      if (entry.type === "Directory") {
        entry.resume();
        return;
      }
      if (entry.type !== "File" && entry.type !== "OldFile")
        throw new ArchiveError(`The archive holds a ${entry.type} (${entry.path}); a backup holds only files`);
      if (entry.size > MAX_MEMBER_BYTES)
        throw new ArchiveError(`The archive member ${entry.path} claims ${entry.size} bytes, more than a backup ever holds`);
      if (seen.has(entry.path)) throw new ArchiveError(`The archive holds ${entry.path} twice`);
      const target = path.join(directory, ...entry.path.split("/"));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      const out = fs.createWriteStream(target, { flags: "wx" });
      open.push(out);
      copyEntry(entry, out, (chunk) => {
        hash.update(chunk);
        size += chunk.length;
      });
      seen.set(entry.path, { size: -1, sha256: "" });
      writes.push(
        new Promise<void>((resolve, reject) => {
          out.once("error", reject);
          out.once("finish", () => {
            seen.set(entry.path, { size, sha256: hash.digest("hex") });
            resolve();
          });
          // A stopped extraction destroys the streams still open: they close without finishing.
          out.once("close", () => reject(new ArchiveError("extraction stopped")));
        }),
      );
    } catch (error) {
      entry.resume();
      refuse(error as Error);
    }
  });
  try {
    const input = fs.createReadStream(file);
    // Node's own gunzip reports a cut-off archive as an error; the tar parser's would wait forever.
    const gunzip = zlib.createGunzip();
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        input.destroy();
        gunzip.destroy();
        reject(error);
      };
      parser.once("error", fail);
      parser.once("abort", fail);
      parser.once("end", () => resolve());
      input.once("error", fail);
      gunzip.once("error", fail);
      input.pipe(gunzip).pipe(parser as unknown as NodeJS.WritableStream);
    });
    await Promise.all(writes);
  } catch (error) {
    for (const out of open) out.destroy();
    await Promise.allSettled(writes);
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`The archive is damaged or incomplete (${(error as Error).message})`);
  }
  return checkAgainstManifest(directory, seen);
}

async function checkAgainstManifest(directory: string, seen: Map<string, { size: number; sha256: string }>) {
  if (!seen.has(MANIFEST_NAME)) throw new ArchiveError("The archive has no manifest: it is not a backup of this site");
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fsp.readFile(path.join(directory, MANIFEST_NAME), "utf8")));
  } catch {
    throw new ArchiveError("The archive's manifest is not one this site writes");
  }
  const listed = new Map<string, ManifestMember>(manifest.members.map((member) => [member.path, member]));
  for (const [name, actual] of seen) {
    if (name === MANIFEST_NAME) continue;
    const expected = listed.get(name);
    if (!expected) throw new ArchiveError(`The archive holds a file its manifest does not list: ${name}`);
    if (expected.size !== actual.size || expected.sha256 !== actual.sha256) {
      throw new ArchiveError(`Checksum mismatch for ${name}: the archive was changed or damaged`);
    }
  }
  for (const name of listed.keys()) {
    if (!seen.has(name)) throw new ArchiveError(`The archive lacks ${name}, which its manifest lists`);
  }
  return manifest;
}
