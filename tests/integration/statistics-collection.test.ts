import type { AddressInfo } from "node:net";
import http from "node:http";
import express from "express";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingPages, statisticsSalts } from "~/db/schema";
import { refreshPublicIndex } from "~/features/pages/public-index.server";
import { createCollector, type Collector } from "~/features/statistics/collector.server";
import { deleteOldSalts, saltFor, visitorHash } from "~/features/statistics/salt.server";
import { statisticsRoutes } from "../../server/http/statistics";
import { onBothDatabases, useTestApp } from "../support/test-database";

const PERSON = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const countEvents = async (app: { handle: { db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> } } }) =>
  ((await app.handle.db.execute(sql`select count(*)::int as count from statistics_events`)) as { rows: { count: number }[] }).rows[0]!
    .count;

describe.each(onBothDatabases)("statistics collection on %s", (kind) => {
  const app = useTestApp(kind);

  describe("the daily salt", () => {
    it("is one random value per day, shared by whoever asks, and deleted 48 hours after its day began", async () => {
      const db = app.handle.db;
      const first = await saltFor(db, "2026-01-10");
      expect(await saltFor(db, "2026-01-10")).toBe(first);
      const next = await saltFor(db, "2026-01-11");
      expect(next).not.toBe(first);
      expect(visitorHash(first, "site", "1.2.3.4", PERSON)).not.toBe(visitorHash(next, "site", "1.2.3.4", PERSON));
      expect(visitorHash(first, "site", "1.2.3.4", PERSON)).toBe(visitorHash(first, "site", "1.2.3.4", PERSON));

      expect(await deleteOldSalts(db, new Date("2026-01-11T23:59:00Z"))).toBe(0);
      expect(await deleteOldSalts(db, new Date("2026-01-12T00:00:00Z"))).toBe(1);
      const left = await db.select({ day: statisticsSalts.day }).from(statisticsSalts);
      expect(left.map((row) => row.day)).toEqual(["2026-01-11"]);
    });
  });

  describe("the endpoint", () => {
    let server: http.Server;
    let base: string;
    let collector: Collector;
    beforeAll(async () => {
      collector = createCollector({ db: () => app.handle.db, ratePerMinute: 8 });
      const site = express();
      site.set("trust proxy", true);
      site.use(statisticsRoutes(collector, "cf-ipcountry"));
      server = site.listen(0);
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    const beacon = (body: string, headers: Record<string, string> = {}, address = "203.0.113.7") =>
      fetch(`${base}/api/visit`, {
        method: "POST",
        body,
        headers: { "user-agent": PERSON, "x-forwarded-for": address, "content-type": "text/plain", ...headers },
      });
    const page = (path: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ n: "pageview", u: `${base}${path}`, w: 1280, ...extra });

    it("refuses bad input with a 4xx and stores nothing", async () => {
      const refusals: [string, number][] = [
        ["x".repeat(3000), 413],
        ["{not json", 400],
        [JSON.stringify({ n: "pageview" }), 400],
        [JSON.stringify({ n: "pageview", u: `${base}/fees`, extra: 1 }), 400],
        [page("/admin"), 400],
        [page("/no-such-page"), 400],
        [JSON.stringify({ n: "pageview", u: "https://elsewhere.example/fees" }), 400],
        [JSON.stringify({ n: "contact", u: `${base}/contact` }), 400],
        [JSON.stringify({ n: "<script>", u: `${base}/` }), 400],
      ];
      for (const [body, status] of refusals) expect((await beacon(body, {}, "198.51.100.1")).status, body.slice(0, 60)).toBe(status);
      await collector.flush();
      expect(await countEvents(app)).toBe(0);
      expect(collector.counters.refused).toMatchObject({ oversized: 1, malformed: 5, "not-a-page": 3 });
    });

    it("refuses a beacon from another site's page (Origin, Sec-Fetch-Site) and takes same-origin ones and those without the headers", async () => {
      const host = new URL(base).host;
      const refused: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: `https://${host}.evil.example` },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
        { origin: base, "sec-fetch-site": "cross-site" },
      ];
      for (const headers of refused)
        expect((await beacon(page("/faq"), headers, "198.51.100.9")).status, JSON.stringify(headers)).toBe(403);
      await collector.flush();
      expect(await countEvents(app)).toBe(0);
      expect(collector.counters.refused["cross-origin"]).toBe(refused.length);
      const taken: Record<string, string>[] = [
        { origin: base, "sec-fetch-site": "same-origin" },
        { origin: base },
        { "sec-fetch-site": "same-origin" },
        {},
      ];
      for (const headers of taken) expect((await beacon(page("/faq"), headers, "198.51.100.9")).status, JSON.stringify(headers)).toBe(202);
      await collector.flush();
      expect(await countEvents(app)).toBe(taken.length);
      await app.handle.db.execute(sql`delete from statistics_events`);
    });

    it("counts a published landing page's visit, and refuses a draft's", async () => {
      await app.handle.db.insert(landingPages).values([
        { path: "/spring-offer", title: "Spring offer", status: "published" },
        { path: "/draft-offer", title: "Draft offer", status: "draft" },
      ]);
      await refreshPublicIndex(app.handle.db);
      expect((await beacon(page("/draft-offer?utm_campaign=spring"), {}, "198.51.100.4")).status).toBe(400);
      expect((await beacon(page("/spring-offer?utm_campaign=spring"), {}, "198.51.100.4")).status).toBe(202);
      await collector.flush();
      const rows = ((await app.handle.db.execute(sql`select path, utm_campaign from statistics_events`)) as { rows: unknown[] }).rows;
      expect(rows).toEqual([{ path: "/spring-offer", utm_campaign: "spring" }]);
      await app.handle.db.execute(sql`delete from statistics_events`);
      await app.handle.db.delete(landingPages);
      await refreshPublicIndex(app.handle.db);
    });

    it("answers bots and Global Privacy Control with 202 and stores nothing", async () => {
      expect((await beacon(page("/"), { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }, "198.51.100.2")).status).toBe(
        202,
      );
      expect((await beacon(page("/"), { "sec-gpc": "1" }, "198.51.100.3")).status).toBe(202);
      await collector.flush();
      expect(await countEvents(app)).toBe(0);
      expect(collector.counters.bots).toBe(1);
    });

    it("stores a pageview with its campaign, referrer, device, language and the CDN's country", async () => {
      const response = await beacon(
        page("/fees?utm_source=Newsletter&utm_medium=email&utm_campaign=spring", { r: "https://www.google.com/" }),
        {
          "accept-language": "de-DE,de;q=0.9",
          "cf-ipcountry": "DE",
        },
      );
      expect(response.status).toBe(202);
      expect(response.headers.get("set-cookie")).toBeNull();
      await collector.flush();
      const rows = ((await app.handle.db.execute(sql`select * from statistics_events`)) as { rows: Record<string, unknown>[] }).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "pageview",
        path: "/fees",
        referrer: "google.com",
        source: "newsletter",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
        device: "Laptop",
        browser: "Chrome",
        os: "Windows",
        language: "de",
        country: "DE",
      });
      expect(JSON.stringify(rows[0])).not.toContain("203.0.113.7");
    });

    it("limits one address and counts the refusals", async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 10; index++) statuses.push((await beacon(page("/faq"), {}, "192.0.2.50")).status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(8);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      expect(collector.counters.refused["rate-limited"]).toBe(2);
      // Another address is not limited by the first.
      expect((await beacon(page("/faq"), {}, "192.0.2.51")).status).toBe(202);
    });

    it("serves the tracking script, small and cacheable", async () => {
      const response = await fetch(`${base}/visit.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("javascript");
      const text = await response.text();
      expect(text).toContain("/api/visit");
      expect(text).not.toMatch(/document\.cookie|setItem|sessionStorage/);
    });
  });

  it("two instances writing at once share the salt and lose nothing", async () => {
    await app.handle.db.execute(sql`delete from statistics_events`);
    const instances = [1, 2].map(() => createCollector({ db: () => app.handle.db, ratePerMinute: 10_000, batchSize: 7 }));
    const host = "site.example";
    await Promise.all(
      instances.flatMap((collector, index) =>
        Array.from({ length: 60 }, (_, visit) =>
          collector.collect({
            body: JSON.stringify({ n: "pageview", u: `http://${host}/faq` }),
            address: `10.0.${index}.${visit % 30}`,
            userAgent: PERSON,
            gpc: false,
            host,
          }),
        ),
      ),
    );
    // The same person seen by both instances is the same visitor.
    await instances[0]!.collect({
      body: JSON.stringify({ n: "pageview", u: `http://${host}/` }),
      address: "10.9.9.9",
      userAgent: PERSON,
      gpc: false,
      host,
    });
    await instances[1]!.collect({
      body: JSON.stringify({ n: "pageview", u: `http://${host}/` }),
      address: "10.9.9.9",
      userAgent: PERSON,
      gpc: false,
      host,
    });
    await Promise.all(instances.map((collector) => collector.flush()));
    expect(await countEvents(app)).toBe(122);
    const visitors = (
      (await app.handle.db.execute(sql`select count(distinct visitor)::int as count from statistics_events where path = '/'`)) as {
        rows: { count: number }[];
      }
    ).rows[0]!.count;
    expect(visitors).toBe(1);
  });
});
