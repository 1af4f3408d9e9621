// `npm run bench:media` (after the in-process figures of bench/media/): the media library's
// first screen over HTTP from the production server on its embedded database, with 5,000 files
// in the catalogue, two in three used: the whole answer an administrator's browser waits for
// (session, loader, the dashboard rendered on the server), as a document and as the client's
// data request. Needs a build (`npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startProductionServer } from "./support/production-server.js";

const FILES = Number(process.env.BENCH_FILES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 5960);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-bench-"));
const account = { email: "bench@example.com", password: "bench-password-1", name: "Bench" };

const sorted = (samples) => [...samples].sort((a, b) => a - b);
const median = (samples) => sorted(samples)[Math.floor(samples.length / 2)];
const p95 = (samples) => sorted(samples)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];

/** @param {string} cookie @param {string} address */
async function measure(cookie, address) {
  const samples = [];
  // The first five warm the server's code paths and the statements' plans.
  for (let run = -5; run < RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${address}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
    if (run >= 0) samples.push(performance.now() - started);
  }
  return { median: median(samples), p95: p95(samples) };
}

try {
  // The first start makes the database; the first account is the administrator.
  let server = await startProductionServer({ port, env: { DATA_DIR: dataDir } });
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  await server.stop();

  const db = new PGlite(path.join(dataDir, "db"));
  await db.exec(`
    insert into media_files (name, content_type, size, width, height, uploaded_by, uploaded_at)
      select 'photo_' || (1700000000000 + n) || '.webp', 'image/webp', 40000 + n * 97 % 900000, 1600, 900,
             null, timestamptz '2025-01-01' + n * interval '3 hours'
      from generate_series(1, ${FILES}) as n;
    insert into media_usages (path, record_key, record_kind, locale, staged)
      select '/uploads/photo_' || (1700000000000 + n) || '.webp', 'content:page_' || n % 40 || '/image_' || n || '_' || use,
             'content', case when use = 1 then 'de' else 'en' end, false
      from generate_series(1, ${FILES}) as n, generate_series(0, 2) as use
      where n % 3 <> 2 and use <= n % 3;
    update media_index_state set stale = false, files_stale = false;
    analyze;`);
  await db.close();

  server = await startProductionServer({ port, env: { DATA_DIR: dataDir } });
  // The archive's starting point and the page cache's first renders run after a start: let them end.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((line) => line.split(";")[0]).join("; ");
  if (!signIn.ok || !cookie) throw new Error(`sign-in answered ${signIn.status}`);
  const rows = [];
  for (const [name, address] of [
    ["first screen, the document", "/admin/other/media"],
    ["first screen, the client's data request", "/admin/other/media.data"],
    ["unused files, the document", "/admin/other/media?used=unused"],
  ]) {
    const figures = await measure(cookie, address);
    rows.push(`| ${name} | ${figures.median.toFixed(1)} | ${figures.p95.toFixed(1)} |`);
  }
  await server.stop();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  console.log(
    `${machine}, ${FILES} files, ${RUNS} requests each after five\n| answer | median ms | p95 ms |\n| --- | --- | --- |\n${rows.join("\n")}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
