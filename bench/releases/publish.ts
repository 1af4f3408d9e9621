// `node --import tsx bench/releases/publish.ts`: publishing a release of 200 changes, in-process,
// on the embedded database and (with BENCH_DATABASE_URL, a server where it may create databases)
// on PostgreSQL. Counts how often the page cache was cleared and the change broadcast to other
// instances for each publish (both must be exactly once). Writes bench/release-publish.md.
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { pageContent } from "~/db/schema";
import { onContentChange, setContentBroadcast } from "~/features/content/read.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease } from "~/features/releases/releases.server";
import { stageChanges } from "~/features/releases/staging.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db.server";

const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const actor = { id: "bench-admin", email: "bench@example.com" };

const snapshot = (section: string, value: string) => ({
  pageName: "bench",
  sectionName: section,
  contentType: "text" as const,
  contentValue: value,
  richContent: null,
  pageUrl: null,
});

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

async function measure(handle: DatabaseHandle) {
  const db = handle.db;
  await db
    .insert(pageContent)
    .values(Array.from({ length: CHANGES }, (_, index) => ({ pageName: "bench", sectionName: `s${index}`, contentValue: "live" })));
  let clears = 0;
  let broadcasts = 0;
  onContentChange(() => clears++);
  setContentBroadcast(async () => void broadcasts++);
  const runs: { ms: number; clears: number; broadcasts: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const release = await createRelease(db, `Bench ${run}`, actor);
    await stageChanges(
      db,
      release.id,
      Array.from({ length: CHANGES }, (_, index) => ({
        key: `bench/s${index}`,
        area: "content",
        before: snapshot(`s${index}`, run === 0 ? "live" : `run ${run - 1}`),
        after: snapshot(`s${index}`, `run ${run}`),
      })),
      actor,
    );
    [clears, broadcasts] = [0, 0];
    const started = performance.now();
    const outcome = await publishRelease(db, release.id, actor);
    runs.push({ ms: performance.now() - started, clears, broadcasts });
    if (outcome?.changed !== CHANGES) throw new Error(`published ${outcome?.changed} of ${CHANGES}`);
  }
  setContentBroadcast(undefined);
  return runs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const results: string[] = [];
const embedded = await openDatabase();
results.push(row("PGlite (embedded, in memory)", await measure(embedded)));
await embedded.close();
if (process.env.BENCH_DATABASE_URL) {
  const postgres = await openPostgres(process.env.BENCH_DATABASE_URL);
  results.push(row("PostgreSQL 127.0.0.1", await measure(postgres.handle)));
  await postgres.drop();
}

function row(name: string, runs: { ms: number; clears: number; broadcasts: number }[]) {
  const times = runs.map((run) => run.ms);
  return `| ${name} | ${CHANGES} | ${runs.length} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${runs.map((run) => run.clears).join(", ")} | ${runs.map((run) => run.broadcasts).join(", ")} |`;
}

const report = `# Publishing a release of ${CHANGES} changes

\`node --import tsx bench/releases/publish.ts\` (with \`BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\` for PostgreSQL).
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, shared with other work (figures are upper bounds).

Each run stages ${CHANGES} page content changes into a new release, then times \`publishRelease\`: one transaction that
locks the release, checks every key for a conflict, applies each value, records ${CHANGES} revisions under one group id,
marks the release published, then clears the page cache and broadcasts the change to the other instances once.
"Cache clears" counts this process's page-cache clears during the publish, "broadcasts" the notifications sent to
other instances (PostgreSQL \`NOTIFY\`, stubbed and counted here): both are 1 for every run.

| Database | Changes | Runs | Median ms | Min ms | Max ms | Cache clears per run | Broadcasts per run |
| --- | --- | --- | --- | --- | --- | --- | --- |
${results.join("\n")}
`;
fs.writeFileSync("bench/release-publish.md", report);
process.stdout.write(report);
process.exit(0);
