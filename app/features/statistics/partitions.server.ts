import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";

/** Any fixed number: the lock under which instances create or drop a month's partition. */
const PARTITION_LOCK = 728_400_117;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
export const partitionName = (time: Date) =>
  `statistics_events_${time.getUTCFullYear()}_${String(time.getUTCMonth() + 1).padStart(2, "0")}`;

/** Creates the raw events' partition for the month of `time` unless it exists. */
export async function ensurePartition(db: Database, time: Date) {
  const name = partitionName(time);
  const from = monthStart(time.getUTCFullYear(), time.getUTCMonth());
  const to = monthStart(time.getUTCFullYear(), time.getUTCMonth() + 1);
  await db.transaction(async (tx) => {
    // Two instances creating the same partition at once would both fail on its type's name.
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    await tx.execute(
      sql.raw(`create table if not exists "${name}" partition of statistics_events for values from ('${from}') to ('${to}')`),
    );
  });
}

/** The raw events' partitions, oldest first, with the first day after each. */
export async function listPartitions(db: Database): Promise<{ name: string; end: string }[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
    where p.relname = 'statistics_events' order by c.relname`)) as unknown as { rows: { name: string }[] };
  return result.rows
    .map(({ name }) => {
      const match = /_(\d{4})_(\d{2})$/.exec(name);
      return match ? { name, end: monthStart(Number(match[1]), Number(match[2])) } : undefined;
    })
    .filter((row): row is { name: string; end: string } => row !== undefined);
}

/** Drops the partitions wholly older than `cutoff`; returns their names. */
export async function dropPartitionsBefore(db: Database, cutoff: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const { name, end } of await listPartitions(db)) {
    if (end > cutoff.toISOString().slice(0, 10)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
      await tx.execute(sql.raw(`drop table if exists "${name}"`));
    });
    dropped.push(name);
  }
  return dropped;
}
