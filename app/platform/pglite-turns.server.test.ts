import http from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite, types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TurnTakingPGlite } from "./pglite-turns.server";
import { countLoopTurns } from "../../tests/support/loop-turns";

describe("PGlite statements take turns with the event loop", () => {
  let db: TurnTakingPGlite;
  beforeAll(async () => {
    db = new TurnTakingPGlite();
    await db.waitReady;
    db.keepTextTypes();
    await db.exec("create table lines (id serial primary key, text text not null)");
  });
  afterAll(() => db.close());

  it("lets the loop turn between one statement and the next, where plain PGlite runs a chain of them without a turn", async () => {
    const plain = new PGlite();
    await plain.waitReady;
    try {
      const plainTurns = countLoopTurns();
      for (let statement = 0; statement < 20; statement++) await plain.query("select 1");
      expect(plainTurns.stop()).toBe(0);
    } finally {
      await plain.close();
    }
    const turns = countLoopTurns();
    for (let statement = 0; statement < 20; statement++) await db.query("select 1");
    expect(turns.stop()).toBeGreaterThanOrEqual(20);
  });

  it("answers a request that arrives during a long chain of statements before the chain ends", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      let chainDone = false;
      const chain = (async () => {
        for (let statement = 0; statement < 400; statement++) await db.query("select $1::int as n", [statement]);
        chainDone = true;
      })();
      const answered = await fetch(url).then(async (response) => ({ text: await response.text(), chainDone }));
      expect(answered).toEqual({ text: "ok", chainDone: false });
      await chain;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps statements in the order they were issued, inside a transaction too", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, index) => db.query("insert into lines (text) values ($1)", [`line ${index}`])));
    await db.transaction(async (tx) => {
      for (let index = 10; index < 15; index++) await tx.query("insert into lines (text) values ($1)", [`line ${index}`]);
    });
    const { rows } = await db.query<{ text: string }>("select text from lines order by id");
    expect(rows.map((row) => row.text)).toEqual(Array.from({ length: 15 }, (_, index) => `line ${index}`));
  });

  it("rolls a failed transaction back whole", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into lines (text) values ('kept only with the rest')");
        await tx.query("insert into lines (text) values (null)");
      }),
    ).rejects.toThrow(/null value/);
    const { rows } = await db.query<{ count: number }>("select count(*)::int as count from lines where text = 'kept only with the rest'");
    expect(rows[0]?.count).toBe(0);
  });

  it("keeps drizzle's text types on the instance: its queries reach PGlite without parsers to merge, inside a transaction too, with the same values", async () => {
    await db.exec("create table stamps (id serial primary key, at timestamptz not null)");
    const stamps = pgTable("stamps", { id: serial("id").primaryKey(), at: timestamp("at", { withTimezone: true }).notNull() });
    const orm = drizzle(db);
    const query = vi.spyOn(PGlite.prototype, "query");
    try {
      await orm.insert(stamps).values({ at: new Date("2026-11-27T10:00:00Z") });
      const [row] = await orm.select().from(stamps);
      expect(row?.at).toEqual(new Date("2026-11-27T10:00:00Z"));
      expect(query.mock.calls.length).toBeGreaterThanOrEqual(2);
      for (const [, , options] of query.mock.calls) expect(options).not.toHaveProperty("parsers");
    } finally {
      query.mockRestore();
    }
    const inTransaction = await orm.transaction((tx) => tx.select().from(stamps));
    expect(inTransaction[0]?.at).toEqual(new Date("2026-11-27T10:00:00Z"));
    // Without drizzle, a timestamp is the text PostgreSQL sent, as drizzle would have asked.
    const { rows } = await db.query<{ at: unknown }>("select at from stamps");
    expect(rows[0]?.at).toBe("2026-11-27 10:00:00+00");
  });

  it("still applies any other parsers a query brings, in a transaction too", async () => {
    const upper = { parsers: { [types.TEXT]: (value: string) => value.toUpperCase() } };
    const { rows } = await db.query<{ word: string }>("select 'kept'::text as word", [], upper);
    expect(rows[0]?.word).toBe("KEPT");
    const inTransaction = await db.transaction((tx) => tx.query<{ word: string }>("select 'kept'::text as word", [], upper));
    expect(inTransaction.rows[0]?.word).toBe("KEPT");
  });
});
