import type { Database } from "~/platform/db.server";

/** Either the database or an open transaction. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
