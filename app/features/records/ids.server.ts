import { sql } from "drizzle-orm";
import type { Executor } from "./executor";

/**
 * The next id of a table's serial column, taken before the record is written, live or staged:
 * a record a release creates has its id from the start, and keeps it when it is published.
 */
export async function nextSerialId(executor: Executor, table: string): Promise<string> {
  const result = await executor.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as "id"`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}
