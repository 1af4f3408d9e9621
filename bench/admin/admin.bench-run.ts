import fs from "node:fs";
import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { listActivity } from "~/features/activity/activity-log.server";
import { initializeAllContent, updateContentValue } from "~/features/content/admin.server";
import type { DatabaseHandle } from "~/platform/db.server";
import { latestVersions } from "~/features/records/revisions.server";
import { createTestDatabase, type TestDatabaseKind } from "../../tests/support/test-database";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAVES = Number(process.env.BENCH_SAVES ?? 200);
const PAGES = Number(process.env.BENCH_PAGES ?? 50);
const actor = { id: "bench-admin", email: "bench@example.com", role: "administrator" };
const kinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const lines: string[] = [];

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
const ms = (value: number) => value.toFixed(2);

async function time(runs: number, run: (index: number) => Promise<unknown>, prepare?: (index: number) => Promise<void>) {
  const samples: number[] = [];
  for (let index = 0; index < runs + 5; index++) {
    await prepare?.(index);
    const started = performance.now();
    await run(index);
    // The first few warm caches and prepared plans.
    if (index >= 5) samples.push(performance.now() - started);
  }
  return stats(samples);
}

/** The save as it was before content history: one check, one write, then the cache notice. */
async function saveWithoutHistory(handle: DatabaseHandle, id: number, value: string) {
  const [row] = await handle.db.select({ id: pageContent.id }).from(pageContent).where(eq(pageContent.id, id));
  if (!row) throw new Error("missing row");
  await handle.db
    .update(pageContent)
    .set({ contentValue: value, updatedAt: sql`now()` })
    .where(eq(pageContent.id, id));
}

/** A busy site's history: revisions over 2,000 cards by 5 people over 90 days, and a log line for each. */
async function fill(handle: DatabaseHandle, rows: number) {
  await handle.db.execute(sql`
    insert into content_revisions (key, area, action, before, after, user_id, user_email, created_at)
    select 'page' || (n % 40) || '/section_' || (n % 2000), (array['content','settings','fees','menu','legal'])[1 + n % 5], 'update',
      jsonb_build_object('contentValue', 'before ' || n), jsonb_build_object('contentValue', 'after ' || n),
      'user-' || (n % 5), 'user' || (n % 5) || '@example.com', now() - ((${rows} - n) * interval '77 seconds')
    from generate_series(1, ${rows}) as n`);
  await handle.db.execute(sql`
    insert into activity_events (kind, area, user_id, user_email, target, details, created_at)
    select r.area || '.update', r.area, r.user_id, r.user_email, r.key, jsonb_build_object('revisionId', r.id), r.created_at
    from content_revisions r order by r.id`);
  await handle.db.execute(sql`analyze`);
}

for (const kind of kinds) {
  it(`measures saves and log pages on ${kind}`, async () => {
    const handle = await createTestDatabase(kind);
    try {
      await initializeAllContent(handle.db, actor);
      const [target] = await handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, "home"), eq(pageContent.sectionName, "hero_title")));
      const key = "home/hero_title";
      let version = 0;
      const prepare = async () => {
        version = (await latestVersions(handle.db, [key]))[key] ?? 0;
      };
      const plain = await time(SAVES, (index) => saveWithoutHistory(handle, target!.id, `plain ${index}`));
      const empty = await time(
        SAVES,
        (index) => updateContentValue(handle.db, { id: target!.id, contentValue: `empty ${index}`, version }, actor),
        prepare,
      );
      await fill(handle, ROWS);
      const full = await time(
        SAVES,
        (index) => updateContentValue(handle.db, { id: target!.id, contentValue: `full ${index}`, version }, actor),
        prepare,
      );
      const [{ count }] = (await handle.db.execute(sql`select count(*)::int as count from activity_events`)).rows as [{ count: number }];
      const middle = Math.floor(count / 2);
      const [size] = (
        await handle.db.execute(
          sql`select pg_total_relation_size('content_revisions')::bigint as revisions, pg_total_relation_size('activity_events')::bigint as events`,
        )
      ).rows as [{ revisions: string; events: string }];
      const megabytes = (bytes: string) => (Number(bytes) / 1024 / 1024).toFixed(1);
      const pages = {
        "log, first page": await time(PAGES, () => listActivity(handle.db, {})),
        "log, by area (menu)": await time(PAGES, () => listActivity(handle.db, { area: "menu" })),
        "log, by person": await time(PAGES, () => listActivity(handle.db, { person: "user-3" })),
        "log, by date (one day, 30 days ago)": await time(PAGES, () =>
          listActivity(handle.db, {
            from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
            to: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
          }),
        ),
        "log, person + area + date, a page deep in": await time(PAGES, () =>
          listActivity(handle.db, { person: "user-2", area: "fees", from: "2000-01-01", before: middle }),
        ),
      };
      lines.push(
        `### ${kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}`,
        "",
        `${count.toLocaleString("en")} activity events and as many revisions (plus the saves measured): ` +
          `content_revisions takes ${megabytes(size.revisions)} MB and activity_events ${megabytes(size.events)} MB with their indexes.`,
        "",
        "| measurement | median (ms) | p95 (ms) |",
        "| --- | ---: | ---: |",
        `| content save as before history (no revision) | ${ms(plain.median)} | ${ms(plain.p95)} |`,
        `| content save with history, empty table | ${ms(empty.median)} | ${ms(empty.p95)} |`,
        `| content save with history, ${ROWS.toLocaleString("en")} revisions | ${ms(full.median)} | ${ms(full.p95)} |`,
        ...Object.entries(pages).map(([name, result]) => `| ${name} | ${ms(result.median)} | ${ms(result.p95)} |`),
        "",
        `Save with ${ROWS.toLocaleString("en")} revisions / with an empty table: ${(full.median / empty.median).toFixed(2)}× (target ≤ 1.5×); ` +
          `/ the save before history: ${(full.median / plain.median).toFixed(2)}×. ` +
          `Slowest log page p95: ${ms(Math.max(...Object.values(pages).map((result) => result.p95)))} ms (target < 100 ms).`,
        "",
      );
      expect(full.median).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
}

afterAll(() => {
  const header = [
    "# Dashboard benchmark: content saves with history, and the activity log",
    "",
    `Measured by \`npm run bench:admin\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}, in-process (no HTTP), ` +
      `${SAVES} saves and ${PAGES} pages per row after 5 warm-up runs. A save is \`updateContentValue\` with the editor's version: version check, write, revision and log line in one transaction.`,
    "",
    "NOTE: these machines are shared with other jobs; single figures move by a factor of two or more between runs, the ratios less.",
    "",
  ];
  fs.writeFileSync("bench/admin-results.md", [...header, ...lines].join("\n"));
});
