import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";
import { createPostgresDatabase } from "../support/test-database";

describe.skipIf(!process.env.TEST_DATABASE_URL)("several servers starting on one PostgreSQL database", () => {
  it("apply the migrations one at a time: all of them start on an empty database", async () => {
    const database = await createPostgresDatabase("site_migrate_together");
    const opened: DatabaseHandle[] = [];
    try {
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url })));
      for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
      expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "started"))).toEqual(Array(4).fill("started"));
      const applied = await opened[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      const files = fs.readdirSync("app/db/migrations").filter((name) => name.endsWith(".sql"));
      expect((applied as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(files.length);
    } finally {
      for (const handle of opened) await handle.close();
      await database.drop();
    }
  });
});
