// `node --import tsx --import ./scripts/support/virtual-modules.js bench/releases/publish.ts`: staged saves into a release of 1 and of 200
// changes, and publishing a release of 200 changes, in-process, on the embedded database and
// (with BENCH_DATABASE_URL, a server where it may create databases) on PostgreSQL. Counts how
// often the page cache was cleared and the change broadcast to other instances for each publish
// (both must be exactly once). Writes bench/release-publish.md.
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import "~/record-kinds.server";
import { pageContent, siteLocales } from "~/db/schema";
import { contentRecordKey } from "~/features/content/records.server";
import { writeRecords } from "~/features/records/write.server";
import { onContentChange, setContentBroadcast } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";

interface Run {
  ms: number;
  clears: number;
  broadcasts: number;
  /** Median staged save into a release of one change, and of CHANGES changes. */
  small: number;
  large: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const actor = { id: "bench-admin", email: "bench@example.com", role: "administrator" };

const SAVE_SAMPLES = 20;

async function openPostgres(adminUrl: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const name = `site_bench_publish_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

/** The locales a release's changes are spread over: the default one alone, then four (issue 43). */
const LOCALE_SETS = [["en"], ["en", "de", "fr", "it"]];

// long-function: one run's set-up, saves and publish, timed in order
async function measure(handle: DatabaseHandle, locales: string[]) {
  const db = handle.db;
  await db
    .insert(pageContent)
    .values(Array.from({ length: CHANGES }, (_, index) => ({ pageName: "bench", sectionName: `s${index}`, contentValue: "live" })))
    .onConflictDoNothing();
  for (const [position, code] of locales.slice(1).entries())
    await db
      .insert(siteLocales)
      .values({ code, state: "public", position: position + 1 })
      .onConflictDoNothing();
  let clears = 0;
  let broadcasts = 0;
  onContentChange(() => clears++);
  setContentBroadcast(async () => void broadcasts++);
  const runs: Run[] = [];
  /** Key `index` in its locale (the keys are dealt out over the locales in turn). */
  const save = async (index: number, value: string) => {
    const locale = locales[index % locales.length]!;
    const started = performance.now();
    if (locale === "en") await upsertContentValue(db, { page: "bench", section: `s${index}`, value, actor });
    else {
      const key = contentRecordKey("bench", `s${index}`, locale);
      const after = {
        pageName: "bench",
        sectionName: `s${index}`,
        contentType: "text",
        contentValue: value,
        richContent: null,
        pageUrl: null,
      };
      await writeRecords(db, { actor, action: "update", key, plan: async () => ({ result: true, changes: [{ key, after }] }) });
    }
    return performance.now() - started;
  };
  for (let run = 0; run < RUNS; run += 1) {
    const release = await createRelease(db, `Bench ${run}`, actor);
    await setDrafting(db, actor, release.id);
    // A staged save into a release of one change (the same key saved again), then the release
    // filled to its size, then a staged save into the full release.
    await save(0, `run ${run} first`);
    const small: number[] = [];
    for (let sample = 0; sample < SAVE_SAMPLES; sample += 1) small.push(await save(0, `run ${run} small ${sample}`));
    for (let index = 0; index < CHANGES; index += 1) await save(index, `run ${run}`);
    const large: number[] = [];
    for (let sample = 0; sample < SAVE_SAMPLES; sample += 1) large.push(await save(sample % CHANGES, `run ${run} large ${sample}`));
    for (let sample = 0; sample < SAVE_SAMPLES; sample += 1) await save(sample % CHANGES, `run ${run}`);
    [clears, broadcasts] = [0, 0];
    const started = performance.now();
    const outcome = await publishRelease(db, release.id, actor);
    runs.push({ ms: performance.now() - started, clears, broadcasts, small: median(small), large: median(large) });
    if (outcome?.changed !== CHANGES) throw new Error(`published ${outcome?.changed} of ${CHANGES}`);
  }
  setContentBroadcast(undefined);
  return runs;
}

const results: string[] = [];
for (const locales of LOCALE_SETS) {
  const embedded = await openDatabase();
  results.push(row("PGlite (embedded, in memory)", locales, await measure(embedded, locales)));
  await embedded.close();
  if (process.env.BENCH_DATABASE_URL) {
    const postgres = await openPostgres(process.env.BENCH_DATABASE_URL);
    results.push(row("PostgreSQL 127.0.0.1", locales, await measure(postgres.handle, locales)));
    await postgres.drop();
  }
}

function row(name: string, locales: string[], runs: Run[]) {
  const times = runs.map((run) => run.ms);
  const small = median(runs.map((run) => run.small));
  const large = median(runs.map((run) => run.large));
  return `| ${name} | ${CHANGES} | ${locales.join(", ")} | ${runs.length} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${runs.map((run) => run.clears).join(", ")} | ${runs.map((run) => run.broadcasts).join(", ")} | ${small.toFixed(1)} | ${large.toFixed(1)} | ${(large / small).toFixed(2)} |`;
}

const report = `# Publishing a release of ${CHANGES} changes

\`node --import tsx --import ./scripts/support/virtual-modules.js bench/releases/publish.ts\` (with \`BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\` for PostgreSQL).
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, shared with other work (figures are upper bounds).

Each run opens a new release for the administrator and saves through the dashboard's own write path (the record store's
pipeline, staged into the release): ${SAVE_SAMPLES} saves into the release while it holds one change ("save, 1" is their
median), then ${CHANGES} saves fill it, then ${SAVE_SAMPLES} more saves ("save, ${CHANGES}"). A staged save reads only the
record it saves (its staged row, or the live one), never the rest of the release. Then it times \`publishRelease\`: one
transaction that locks the release, checks every key for a conflict, writes the site as the release leaves it (one
statement per record), records ${CHANGES} revisions under one group id in one statement, marks the release published,
then the page cache reads the next version and the change is broadcast to the other instances once.
"Cache clears" counts this process's page-cache clears during the publish, "broadcasts" the notifications sent to
other instances (PostgreSQL \`NOTIFY\`, stubbed and counted here): both are 1 for every run. With four locales the
keys are dealt out over them in turn (${CHANGES / 4} changes each): English ones are saved as the content tab saves them, the
others as translations (records keyed \`bench/s1@de\`), through the same pipeline. Issue 43 asks for at most 1 s on PGlite.

| Database | Changes | Locales | Runs | Publish median ms | Min ms | Max ms | Cache clears per run | Broadcasts per run | Save, 1 (ms) | Save, ${CHANGES} (ms) | Ratio |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${results.join("\n")}
`;
fs.writeFileSync("bench/release-publish.md", report);
process.stdout.write(report);
process.exit(0);
