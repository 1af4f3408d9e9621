import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Database } from "~/platform/db.server";
import { defaultMigrationsFolder } from "~/platform/db.server";
import { hashFile, packArchive } from "./archive.server";
import { listTables, readAppliedMigrations, readSequences, readTableRows } from "./database-tables.server";
import { ARCHIVE_CONTAINS, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_NAME, type Manifest } from "./manifest";
import { migrationTag, productVersion } from "./versions.server";
import { localUploadStore, STORE_FOLDERS, type UploadStore } from "~/features/uploads/upload-store.server";

/**
 * The folders a backup carries (of DATA_DIR, or key prefixes in the S3 bucket): uploads with
 * their WebP copies, and each upload's size. The archive's layout is the same for both, so an
 * archive restores onto either.
 */
export const FILE_FOLDERS = STORE_FOLDERS;

export interface CreateBackupOptions {
  db: Database;
  source: "pglite" | "postgres";
  dataDir: string;
  outFile: string;
  migrationsFolder?: string;
  /** Where the uploads are (the site's upload store); DATA_DIR's folders without it. */
  store?: UploadStore;
}

export interface CreatedBackup {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes one archive: every table of the public schema read in one REPEATABLE READ transaction
 * (one moment of the database, never half a write), drizzle's record of applied migrations,
 * every uploaded file and its derived copies, and a manifest with each member's SHA-256.
 * The archive appears under its name only when complete.
 */
export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const outFile = path.resolve(options.outFile);
  await fsp.mkdir(path.dirname(outFile), { recursive: true });
  const staging = await fsp.mkdtemp(path.join(path.dirname(outFile), ".backup-staging-"));
  try {
    await fsp.mkdir(path.join(staging, "database"));
    const database = await options.db.transaction(
      async (tx) => {
        const tables = [];
        for (const name of await listTables(tx)) {
          const rows = await readTableRows(tx, name);
          const member = `database/${name}.jsonl`;
          await fsp.writeFile(path.join(staging, member), rows.length ? `${rows.join("\n")}\n` : "");
          tables.push({ name, rows: rows.length, member });
        }
        return { tables, sequences: await readSequences(tx), migrations: await readAppliedMigrations(tx) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (database.migrations.length === 0) throw new Error("The database has no applied migrations: nothing to back up");

    // Uploads are read after the database: an upload is stored before the row that names it,
    // so every file a row of the snapshot names is there. Dot-files are uploads still being
    // written; they become visible by a rename when complete (objects: when put whole).
    const store = options.store ?? localUploadStore(options.dataDir);
    const files: string[] = [];
    for (const folder of FILE_FOLDERS) {
      const keys = await store.list(`${folder}/`);
      if (keys.length) await fsp.mkdir(path.join(staging, "files", folder), { recursive: true });
      for (const key of keys) {
        const member = `files/${key}`;
        await store.download(key, path.join(staging, member));
        files.push(member);
      }
    }

    const members = [...database.tables.map((table) => table.member), ...files];
    const described = [];
    let fileBytes = 0;
    for (const member of members) {
      const { size } = await fsp.stat(path.join(staging, member));
      if (member.startsWith("files/")) fileBytes += size;
      described.push({ path: member, size, sha256: await hashFile(path.join(staging, member)) });
    }
    const last = database.migrations[database.migrations.length - 1]!;
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      productVersion: productVersion(),
      createdAt: new Date().toISOString(),
      contains: ARCHIVE_CONTAINS,
      database: {
        source: options.source,
        migrations: database.migrations,
        lastMigration: migrationTag(options.migrationsFolder ?? defaultMigrationsFolder(), last.createdAt),
        tables: database.tables,
        sequences: database.sequences,
      },
      files: { count: files.length, bytes: fileBytes, storage: store.kind },
      members: described,
    };
    await fsp.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(staging, members, outFile);
    return { file: outFile, bytes: fs.statSync(outFile).size, manifest };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
