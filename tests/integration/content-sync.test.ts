import pg from "pg";
import { describe, expect, it } from "vitest";
import { getContentVersion, notifyContentChanged } from "~/features/content/read.server";
import { addContentReader, lastChangedRecordKeys } from "~/features/records/version.server";
import { changePayload, readPayload, startContentSync } from "../../server/page-cache/content-sync";
import { drizzle } from "drizzle-orm/node-postgres";
import { createPostgresDatabase } from "../support/postgres-database";

const databaseUrl = process.env.TEST_DATABASE_URL;

describe("the change notification's payload", () => {
  it("names the sender, the tables and the records, drops the records when they do not fit, and reads a bare id", () => {
    expect(readPayload(changePayload("a", { tables: ["page_content"], records: ["home/hero_title"] }))).toEqual({
      from: "a",
      tables: ["page_content"],
      records: ["home/hero_title"],
    });
    const many = Array.from({ length: 2000 }, (_, index) => `menu:${index}`);
    expect(readPayload(changePayload("a", { tables: ["menu_items"], records: many }))).toEqual({
      from: "a",
      tables: ["menu_items"],
      records: undefined,
    });
    expect(readPayload("another-instance")).toEqual({ from: "another-instance" });
    expect(readPayload('{"from": 3}')).toEqual({ from: '{"from": 3}' });
  });
});

describe.runIf(databaseUrl)("content cache across instances (PostgreSQL LISTEN/NOTIFY)", () => {
  it("reads another instance's write ahead and changes this instance's version, and tells others about its own writes", async () => {
    // NOTIFY reaches listeners of the same database: write through a plain connection to it.
    const pool = new pg.Pool({ connectionString: databaseUrl });
    const db = drizzle(pool) as never;
    const stop = await startContentSync(databaseUrl!, { db });
    // A part that keeps public reads: it reads another instance's write before the version changes.
    const readAhead: { db: unknown; version: number }[] = [];
    const removeReader = addContentReader({
      name: "test part",
      tables: ["menu_items"],
      prepare: async (through) => {
        readAhead.push({ db: through, version: getContentVersion() });
        return () => {};
      },
      drop: () => {},
    });
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.channel));
    await listener.query("LISTEN content_changed");
    try {
      // Another instance's write arrives as a notification with its own id.
      const before = getContentVersion();
      await listener.query("select pg_notify('content_changed', 'another-instance')");
      await expect.poll(getContentVersion, { timeout: 5000 }).toBeGreaterThan(before);
      expect(readAhead[0]).toEqual({ db, version: before });

      // Our own write is broadcast to the others, naming its tables and records.
      await notifyContentChanged(db, ["menu_items"], ["menu:7"]);
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);

      // Another instance's change that names its tables and records: readers of other tables keep
      // their values, and the records are known here too.
      const reads = readAhead.length;
      const named = getContentVersion();
      await listener.query("select pg_notify('content_changed', $1)", [
        changePayload("another-instance", { tables: ["menu_items"], records: ["menu:9"] }),
      ]);
      await expect.poll(getContentVersion, { timeout: 5000 }).toBeGreaterThan(named);
      expect(readAhead.length).toBe(reads + 1);
      expect(lastChangedRecordKeys()).toEqual(["menu:9"]);
    } finally {
      removeReader();
      await pool.end();
      await listener.end();
      await stop();
    }
  });

  it("listens again after its connection is lost, and clears the cache for what it missed", async () => {
    // A database of its own: the listener it cuts is this test's, not another run's.
    const database = await createPostgresDatabase("site_content_sync");
    const stop = await startContentSync(database.url, { retryMs: 50 });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query("select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN content_changed'")
        ).rows.map((row) => row.pid as number);
      const [first] = await listeners();
      expect(first).toBeDefined();
      const before = getContentVersion();
      await admin.query("select pg_terminate_backend($1)", [first]);
      // Back: the cache is cleared once for the writes it could not hear...
      await expect.poll(getContentVersion, { timeout: 5000 }).toBeGreaterThan(before);
      await expect.poll(async () => (await listeners()).filter((pid) => pid !== first).length, { timeout: 5000 }).toBe(1);
      // ...and it hears the next one.
      const back = getContentVersion();
      await admin.query("select pg_notify('content_changed', 'another-instance')");
      await expect.poll(getContentVersion, { timeout: 5000 }).toBeGreaterThan(back);
    } finally {
      await admin.end();
      await stop();
      await database.drop();
    }
  });
});
