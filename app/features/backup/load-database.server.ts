import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { listTables, quoteIdentifier, readSequences, writableColumns, type Queryable } from "./database-tables.server";
import type { Manifest } from "./manifest";

export class RestoreError extends Error {}

const ROWS_PER_INSERT = 500;

/**
 * Which of this site's migrations the archive's database had: its list must be the first part of
 * ours. An archive with more, or different ones, comes from a newer (or another) version of the
 * site and is refused before anything is touched.
 */
export function archivedMigrationCount(manifest: Manifest, migrations: MigrationMeta[]) {
  const archived = manifest.database.migrations;
  if (archived.length > migrations.length) {
    throw new RestoreError(
      `The archive comes from a newer version of the site (schema ${manifest.database.lastMigration}, product ${manifest.productVersion}): update the site, then restore it.`,
    );
  }
  archived.forEach((migration, index) => {
    const ours = migrations[index]!;
    if (ours.hash !== migration.hash || ours.folderMillis !== migration.createdAt) {
      throw new RestoreError(
        `The archive's schema (${manifest.database.lastMigration}) does not match this site's migrations: it comes from another version of the site.`,
      );
    }
  });
  return archived.length;
}

/** Applies one migration and records it where drizzle's migrator looks, so the server's start sees it as applied. */
async function applyMigration(db: Queryable, migration: MigrationMeta) {
  for (const statement of migration.sql) if (statement.trim()) await db.execute(sql.raw(statement));
  await db.execute(
    sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${migration.hash}, ${migration.folderMillis})`,
  );
}

/**
 * Loads an extracted archive into an empty database inside the caller's transaction: the schema
 * as it was when the backup was taken, the rows (seeded rows replaced by the archived ones),
 * the sequences, then this site's newer migrations, as they would have run on the original.
 */
export async function loadDatabase(db: Queryable, archiveDirectory: string, manifest: Manifest, migrations: MigrationMeta[]) {
  const archivedCount = archivedMigrationCount(manifest, migrations);
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations.slice(0, archivedCount)) await applyMigration(db, migration);

  const tables = await listTables(db);
  const archived = new Map(manifest.database.tables.map((table) => [table.name, table]));
  for (const name of archived.keys()) {
    if (!tables.includes(name)) throw new RestoreError(`The archive holds a table this site's schema does not have: ${name}`);
  }
  for (const name of tables) {
    if (!archived.has(name)) throw new RestoreError(`The archive lacks the table ${name}, which its schema has`);
  }
  if (tables.length)
    await db.execute(
      sql.raw(`truncate table ${tables.map((name) => `public.${quoteIdentifier(name)}`).join(", ")} restart identity cascade`),
    );

  for (const name of tables) {
    const table = archived.get(name)!;
    const text = await fsp.readFile(path.join(archiveDirectory, table.member), "utf8");
    const rows = text.split("\n").filter((line) => line.length > 0);
    if (rows.length !== table.rows)
      throw new RestoreError(`The archive's ${name} holds ${rows.length} rows, its manifest says ${table.rows}`);
    const qualified = `public.${quoteIdentifier(name)}`;
    const columns = (await writableColumns(db, name)).map(quoteIdentifier).join(", ");
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const batch = `[${rows.slice(start, start + ROWS_PER_INSERT).join(",")}]`;
      await db.execute(
        sql`insert into ${sql.raw(qualified)} (${sql.raw(columns)}) overriding system value select ${sql.raw(columns)} from jsonb_populate_recordset(null::${sql.raw(qualified)}, ${batch}::jsonb)`,
      );
    }
  }

  const sequences = new Set((await readSequences(db)).map((sequence) => sequence.name));
  for (const sequence of manifest.database.sequences) {
    if (!sequences.has(sequence.name))
      throw new RestoreError(`The archive names a sequence this site's schema does not have: ${sequence.name}`);
    if (sequence.lastValue !== null) {
      await db.execute(sql`select setval(${`public.${quoteIdentifier(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, true)`);
    }
  }
  for (const migration of migrations.slice(archivedCount)) await applyMigration(db, migration);
}
