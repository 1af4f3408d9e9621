// `npm run bench:backup`: time and size of a backup and a restore of a site with 1,000 content
// rows, 1,000 activity events and 200 uploaded images; writes bench/backup-results.md. With
// BENCH_DATABASE_URL (a PostgreSQL server where it may create databases) it also restores the
// archive into PostgreSQL and backs that up.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import sharp from "sharp";
import { ensureBuild, root } from "./support/ensure-build.js";
import { stopProcess, waitFor } from "./support/production-server.js";

const PORT = Number(process.env.BENCH_BACKUP_PORT ?? 5302);
const ORIGIN = `http://localhost:${PORT}`;
const CONTENT_ROWS = 1000;
const EVENTS = 1000;
const IMAGES = 200;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-backup-"));
const dataDir = path.join(work, "site");

async function withServer(action) {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`);
    return await action();
  } finally {
    await stopProcess(child);
  }
}

/** Runs `npm run backup|restore` as an operator would and measures it, node start included. */
function timed(args, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ["scripts/operations.js", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    encoding: "utf8",
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  return seconds;
}

const folderBytes = (directory) =>
  fs.existsSync(directory)
    ? fs.readdirSync(directory, { recursive: true }).reduce((sum, name) => {
        const stat = fs.statSync(path.join(directory, String(name)));
        return stat.isFile() ? sum + stat.size : sum;
      }, 0)
    : 0;
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

ensureBuild();
console.log(`Seeding a site in ${dataDir}...`);
let cookie = "";
await withServer(async () => {
  const response = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email: "admin@example.com", password: "password-123", name: "admin" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
});
const db = new PGlite(path.join(dataDir, "db"));
await db.transaction(async (tx) => {
  for (let index = 0; index < CONTENT_ROWS; index++) {
    const image = index < IMAGES;
    await tx.query("insert into page_content (page_name, section_name, content_type, content_value) values ($1, $2, $3, $4)", [
      "bench",
      `${image ? "picture" : "text"}_${index}`,
      image ? "image" : "text",
      image ? "" : `Текст раздела ${index}: ${"Valora — кошелёк и банк. ".repeat(8)}`,
    ]);
  }
  for (let index = 0; index < EVENTS; index++) {
    await tx.query("insert into activity_events (kind, area, user_email, target, details) values ($1, $2, $3, $4, $5)", [
      "content.update",
      "content",
      "admin@example.com",
      `bench/text_${index}`,
      JSON.stringify({ before: `Old text ${index}`, after: `New text ${index}` }),
    ]);
  }
});
await db.close();
await withServer(async () => {
  for (let index = 0; index < IMAGES; index++) {
    // A 1600x1000 photo-like JPEG (noise over a gradient), about what an editor uploads.
    const noise = Buffer.alloc(160 * 100 * 3);
    for (let byte = 0; byte < noise.length; byte++) noise[byte] = (byte * 31 + index * 97) % 256;
    const jpeg = await sharp(noise, { raw: { width: 160, height: 100, channels: 3 } })
      .resize(1600, 1000)
      .jpeg({ quality: 80 })
      .toBuffer();
    const response = await fetch(`${ORIGIN}/admin/upload?page=bench&section=picture_${index}`, {
      method: "POST",
      headers: { "content-type": "image/jpeg", origin: ORIGIN, cookie },
      body: jpeg,
    });
    if (!response.ok) throw new Error(`upload ${index} failed: ${response.status} ${await response.text()}`);
  }
});

const siteBytes = folderBytes(path.join(dataDir, "uploads")) + folderBytes(path.join(dataDir, "image-info"));
const uploadFiles = fs.readdirSync(path.join(dataDir, "uploads")).length;
const archive = path.join(work, "site.tar.gz");
console.log("Measuring...");
const backupSeconds = timed(["backup", "--out", archive]);
const archiveBytes = fs.statSync(archive).size;
const restoredDir = path.join(work, "restored");
const restoreSeconds = timed(["restore", archive], { DATA_DIR: restoredDir });

const rows = [
  ["backup (embedded database, server stopped)", `${backupSeconds.toFixed(1)} s`, megabytes(archiveBytes)],
  ["restore into an empty DATA_DIR (embedded)", `${restoreSeconds.toFixed(1)} s`, megabytes(folderBytes(restoredDir))],
];
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `site_bench_backup_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const postgresDir = path.join(work, "postgres-site");
    const intoPostgres = timed(["restore", archive], { DATABASE_URL: url.toString(), DATA_DIR: postgresDir });
    const fromPostgres = path.join(work, "from-postgres.tar.gz");
    const backupPostgres = timed(["backup", "--out", fromPostgres], { DATABASE_URL: url.toString(), DATA_DIR: postgresDir });
    rows.push(["restore into an empty PostgreSQL 15 database", `${intoPostgres.toFixed(1)} s`, "—"]);
    rows.push(["backup from PostgreSQL 15", `${backupPostgres.toFixed(1)} s`, megabytes(fs.statSync(fromPostgres).size)]);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const report = `# Backup and restore

Measured by \`npm run bench:backup\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}).

The site: ${CONTENT_ROWS} content rows (${IMAGES} of them images), ${EVENTS} activity events, ${IMAGES} uploaded 1600x1000 JPEGs
with their WebP copies (${uploadFiles} files in \`uploads/\`, ${megabytes(siteBytes)} with \`image-info/\`).
Times are of the whole command as an operator runs it (\`npm run backup\` / \`npm run restore\`), Node's start included;
a restore into the embedded database includes creating the database.

| operation | time | size |
| --- | --- | --- |
${rows.map((row) => `| ${row.join(" | ")} |`).join("\n")}

JPEG and WebP files do not compress further, so the archive is about the size of the uploads; the table dumps compress well.
`;
fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(path.join(root, "bench/backup-results.md"), report);
fs.rmSync(work, { recursive: true, force: true });
console.log(report);
