// `npm run bench:archive` (BENCH_PAGE_HTML=a page's HTML as the production server serves it;
// TEST_DATABASE_URL adds PostgreSQL): the archive over a simulated year of a site of 12 fixed
// pages in 2 locales and 50 landing pages, one publish a day, one in ten a change every page
// shows (a footer text); the storage it takes, opening a page as of a date in that year, and a
// 200-change release's publish with the archive on and off. Writes bench/archive.md's tables.
import fs from "node:fs";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { archiveOutbox, landingPages, siteLocales } from "~/db/schema";
import { verifyStoredChain } from "~/features/archive/chain.server";
import type { ArchiveCapture } from "~/features/archive/capture.server";
import { recordPublish } from "~/features/archive/outbox.server";
import { pageAsOf } from "~/features/archive/read.server";
import { archivePending } from "~/features/archive/worker.server";
import { clearContentCache } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { setPublishRecorder } from "~/features/records/published.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { setDatabase } from "~/platform/db.server";
import { createTestDatabase, type TestDatabaseKind } from "../../tests/support/test-database";

const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const LANDING = 50;
/** Publishes of 200 changes, alternately with the archive's outbox row and without. */
const PUBLISH_RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 20);
const actor = { id: "bench-admin", email: "bench@example.com", role: "administrator" };
const kinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const lines: string[] = [];
// A page as the production server serves it: `curl -s http://127.0.0.1:$PORT/fees > /tmp/page.html`.
const html = fs.readFileSync(process.env.BENCH_PAGE_HTML ?? "/tmp/page.html", "utf8");

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The site's pages as the production server renders them: one real page's HTML, each address's
 * own title and main text, the footer of the day, and one paragraph per change the page has had.
 */
function yearCapture(state: { footer: number; versions: Map<string, number> }): ArchiveCapture {
  return {
    async render(path) {
      const version = state.versions.get(path) ?? 0;
      const body = html
        .replace(/<title>[^<]*<\/title>/, `<title>${path} — Wallet</title>`)
        .replace("</main>", `<p>${path}: text of version ${version}</p></main>`)
        .replace("</footer>", `<p>Footer text ${state.footer}</p></footer>`);
      return { status: path.endsWith("/404") ? 404 : 200, body: Buffer.from(body) };
    },
  };
}

for (const kind of kinds) {
  it(`a year of publishes on ${kind}`, async () => {
    const handle = await createTestDatabase(kind);
    setDatabase(handle);
    clearContentCache();
    const db = handle.db;
    try {
      await db.insert(siteLocales).values({ code: "de", state: "public", position: 1 });
      await db.insert(landingPages).values(
        Array.from({ length: LANDING }, (_, index) => ({
          path: `/offer-${index + 1}`,
          title: `Offer ${index + 1}`,
          status: "published" as const,
        })),
      );
      clearContentCache();
      const state = { footer: 0, versions: new Map<string, number>() };
      const capture = yearCapture(state);
      const start = Date.now() - DAYS * 86_400_000;
      await db.update(archiveOutbox).set({ changedAt: new Date(start - 86_400_000) });
      expect(await archivePending(db, { capture, owner: "bench", settleMs: 0 })).toBe(1);
      const counted = await db.execute(sql`select count(distinct path)::int as paths from archive_pages`);
      const { paths } = (counted as unknown as { rows: { paths: number }[] }).rows[0]!;
      const captureMs: number[] = [];
      let random = 42;
      const next = () => (random = (random * 1103515245 + 12345) % 2147483648);
      const addresses = ["/", "/fees", "/terms", "/de/fees", ...Array.from({ length: LANDING }, (_, index) => `/offer-${index + 1}`)];
      for (let day = 0; day < DAYS; day++) {
        if (day % 10 === 9) state.footer += 1;
        else {
          const path = addresses[next() % addresses.length]!;
          state.versions.set(path, (state.versions.get(path) ?? 0) + 1);
        }
        await upsertContentValue(db, { page: "home", section: "bench_day", value: String(day), actor });
        await db
          .update(archiveOutbox)
          .set({ changedAt: new Date(start + day * 86_400_000) })
          .where(sql`${archiveOutbox.doneAt} is null`);
        const started = performance.now();
        expect(await archivePending(db, { capture, owner: "bench", settleMs: 0 })).toBe(1);
        captureMs.push(performance.now() - started);
      }
      const size = (
        await db.execute(sql`select
          (select coalesce(sum(octet_length(gzip)), 0)::bigint from archive_blobs) as compressed,
          (select coalesce(sum(size), 0)::bigint from archive_blobs) as raw,
          (select count(*)::int from archive_blobs) as blobs,
          (select count(*)::int from archive_pages) as pages,
          (select count(*)::int from archive_entries) as entries,
          (select sum(pg_total_relation_size(c))::bigint from unnest(array['archive_blobs','archive_pages','archive_entries','archive_outbox']::regclass[]) c) as tables`)
      ).rows[0] as { compressed: string; raw: string; blobs: number; pages: number; entries: number; tables: string };
      lines.push(
        `| ${kind} | ${paths} | ${DAYS} | ${size.entries} | ${size.pages} | ${size.blobs} | ${mb(Number(size.raw))} | ${mb(Number(size.compressed))} | ${mb(Number(size.tables))} | ${median(captureMs).toFixed(0)} |`,
      );
      expect(await verifyStoredChain(db)).toBeUndefined();

      // Opening a page as of a date in the year, a different date each time.
      const asOf: number[] = [];
      for (let run = 0; run < 25; run++) {
        const at = new Date(start + ((run * 37) % DAYS) * 86_400_000 + 3_600_000);
        const path = run % 2 ? "/fees" : "/offer-7";
        const started = performance.now();
        const page = await pageAsOf(db, actor, path, at);
        asOf.push(performance.now() - started);
        expect(page.body.length).toBeGreaterThan(1000);
      }
      lines.push(`as-of | ${kind} | ${median(asOf).toFixed(1)} | ${Math.max(...asOf).toFixed(1)}`);

      // A release of 200 changes published with the archive's outbox row, and without it.
      const publishMs: Record<"on" | "off", number[]> = { on: [], off: [] };
      for (let run = 0; run < PUBLISH_RUNS; run++) {
        const mode = run % 2 ? "off" : "on";
        setPublishRecorder(mode === "on" ? recordPublish : undefined);
        const release = await createRelease(db, `Bench ${run}`, actor);
        await setDrafting(db, actor, release.id);
        for (let index = 0; index < 200; index++)
          await upsertContentValue(db, { page: "bench", section: `key_${index}`, value: `run ${run}`, actor });
        await setDrafting(db, actor, null);
        const started = performance.now();
        await publishRelease(db, release.id, actor);
        publishMs[mode].push(performance.now() - started);
      }
      setPublishRecorder(recordPublish);
      // The first of each warms the statements' plans.
      const on = median(publishMs.on.slice(1));
      const off = median(publishMs.off.slice(1));
      lines.push(
        `publish | ${kind} | ${on.toFixed(0)} | ${off.toFixed(0)} | ${(on / off).toFixed(2)} | on: ${publishMs.on.map((v) => v.toFixed(0)).join(", ")} | off: ${publishMs.off.map((v) => v.toFixed(0)).join(", ")}`,
      );
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(archiveOutbox)
        .where(eq(archiveOutbox.kind, "release.publish"));
      expect(left!.n).toBe(PUBLISH_RUNS / 2);
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  });
}

afterAll(() => {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  fs.writeFileSync(process.env.BENCH_OUT ?? "/tmp/archive-bench.txt", `${machine}\n${lines.join("\n")}\n`);
  console.log(`${machine}\n${lines.join("\n")}`);
});
