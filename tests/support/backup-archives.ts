import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import * as tar from "tar";
import { listFiles } from "~/features/backup/archive.server";
import { listTables, readTableRows, type Queryable } from "~/features/backup/database-tables.server";
import { MANIFEST_NAME, type Manifest } from "~/features/backup/manifest";

/** A new empty database on the server of TEST_DATABASE_URL, and how to drop it. */
export async function emptyPostgresDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const temporaryDirectory = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `site-${prefix}-`));

/** Every table's rows as JSON text, sorted, minus the events the restores themselves record. */
export async function tableContents(db: Queryable) {
  const contents: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const rows = await readTableRows(db, table);
    contents[table] = rows.filter((row) => !(table === "activity_events" && row.includes('"backup.restore"'))).sort();
  }
  return contents;
}

/** Every file under a folder with its SHA-256. */
export async function folderContents(directory: string) {
  const contents: Record<string, string> = {};
  for (const file of await listFiles(directory)) {
    contents[file] = createHash("sha256")
      .update(fs.readFileSync(path.join(directory, file)))
      .digest("hex");
  }
  return contents;
}

/**
 * Unpacks an archive without any checks, lets the test change it, and packs it again; with
 * `rehash` the manifest's sizes and checksums are brought up to date, so only the change is wrong.
 */
export async function editArchive(file: string, out: string, edit: (directory: string, manifest: Manifest) => void, rehash = false) {
  const directory = temporaryDirectory("edit");
  await tar.extract({ file, cwd: directory });
  const manifestPath = path.join(directory, MANIFEST_NAME);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
  edit(directory, manifest);
  if (rehash) {
    manifest.members = manifest.members
      .filter((member) => fs.existsSync(path.join(directory, member.path)))
      .map((member) => {
        const bytes = fs.readFileSync(path.join(directory, member.path));
        return { path: member.path, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
      });
  }
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  const members = (await listFiles(directory)).filter((name) => name !== MANIFEST_NAME);
  await tar.create({ gzip: true, cwd: directory, file: out, portable: true }, [MANIFEST_NAME, ...members]);
  fs.rmSync(directory, { recursive: true, force: true });
  return out;
}

/** One ustar header block, written by hand so a test can claim any name or size. */
function tarHeader(name: string, size: number, type = "0", linkName = "") {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write("0000644\0", 100);
  header.write("0000000\0", 108);
  header.write("0000000\0", 116);
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  header.write("00000000000\0", 136);
  header.write("        ", 148);
  header.write(type, 156);
  header.write(linkName, 157, 100);
  header.write("ustar\0", 257);
  header.write("00", 263);
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(`${checksum.toString(8).padStart(6, "0")}\0 `, 148);
  return header;
}

/** A gzipped tar whose members are given as name, claimed size and body (padded to blocks). */
export function forgeArchive(
  out: string,
  members: { name: string; size?: number; body?: Buffer; type?: string; linkName?: string }[],
  end = true,
) {
  const blocks: Buffer[] = [];
  for (const member of members) {
    const body = member.body ?? Buffer.alloc(0);
    blocks.push(tarHeader(member.name, member.size ?? body.length, member.type, member.linkName));
    blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  if (end) blocks.push(Buffer.alloc(1024));
  fs.writeFileSync(out, zlib.gzipSync(Buffer.concat(blocks)));
  return out;
}
