import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";

/** A transaction or the database itself: both read and write the same way. */
export type Queryable = Pick<Database, "execute">;

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rowsOf<Row>(db: Queryable, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Every table of the public schema, found in the database rather than listed in code, so tables
 * added by later migrations are backed up too; ordered so that a table comes after the tables
 * its foreign keys point at (a restore inserts them in this order).
 */
export async function listTables(db: Queryable): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      // A partitioned table and its partitions (the raw statistics events, kept a few weeks) are
      // left out: the statistics' daily roll-ups are what an archive keeps of them.
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in (select relname from pg_class where relnamespace = 'public'::regnamespace and (relkind = 'p' or relispartition))
          order by table_name`,
    )
  ).map((row) => row.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of references) if (child === table && parent !== table) visit(parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/** Columns a restore writes: generated columns are computed again by the database. */
export async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${quoteIdentifier(table)}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
  );
  return rows.map((row) => row.name);
}

/** Each table's rows as JSON text, one row per line: both databases write and read this the same way. */
export async function readTableRows(db: Queryable, table: string): Promise<string[]> {
  const rows = await rowsOf<{ row: string }>(
    db,
    sql.raw(`select to_jsonb(t)::text as row from public.${quoteIdentifier(table)} t order by 1`),
  );
  return rows.map((row) => row.row);
}

export async function readSequences(db: Queryable) {
  return rowsOf<{ name: string; lastValue: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public' order by sequencename`,
  );
}

export async function readAppliedMigrations(db: Queryable) {
  const rows = await rowsOf<{ hash: string; createdAt: string }>(
    db,
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) }));
}
