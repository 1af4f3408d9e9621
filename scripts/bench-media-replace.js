// `npm run bench:media-replace` (issue 45, "Replacing a file used on 20 pages: every page serves
// the new version within 2 s, two instances on PostgreSQL"): two production servers on one
// PostgreSQL database (TEST_DATABASE_URL: a database is created and dropped here), 20 published
// landing pages showing one image; the image is replaced on instance A (`POST
// /admin/media/replace`), and all 20 pages are polled on both instances until each shows the new
// version's address. Reports, over BENCH_REPLACES replaces, the time from the replace's answer
// until every page on both instances serves the new address (p50 and max), and the replace's own
// time. Appends nothing: prints the section that bench/media-library.md keeps. Needs a build.
import os from "node:os";
import pg from "pg";
import sharp from "sharp";
import { createDatabase } from "./support/bench-edge.js";
import { buildUnlessSkipped, startProductionServer } from "./support/production-server.js";

const BASE_PORT = Number(process.env.BENCH_MEDIA_PORT ?? 6100);
const PORTS = { a: BASE_PORT, b: BASE_PORT + 1 };
const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const REPLACES = Number(process.env.BENCH_REPLACES ?? 10);
const POLL_MS = 20;
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
if (!adminUrl) throw new Error("TEST_DATABASE_URL must point at a PostgreSQL server where a database may be created");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values) => [...values].sort((x, y) => x - y);
const percentile = (values, p) => sorted(values)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0;
const site = (port) => `http://127.0.0.1:${port}`;

/** A 1600 × 900 PNG of one colour: each version differs. @param {number} shade */
const image = (shade) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: shade % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** @param {string} cookie */
function client(cookie) {
  const headers = (port, extra = {}) => ({ origin: site(port), cookie, ...extra });
  return {
    form: (port, pathname, form) =>
      fetch(`${site(port)}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: headers(port, { "content-type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams(form),
      }),
    raw: (port, pathname, body) =>
      fetch(`${site(port)}${pathname}`, { method: "POST", headers: headers(port, { "content-type": "image/png" }), body }),
  };
}

/** The pages, with the image in a text-and-image block, published. */
async function makePages(post, db, url) {
  const paths = [];
  for (let index = 1; index <= PAGES; index += 1) {
    const path = `/bench-media-${index}`;
    const created = await post.form(PORTS.a, "/admin/other/pages", { intent: "create-page", title: `Bench ${index}`, path });
    if (created.status >= 400) throw new Error(`page ${index} not created: ${created.status}`);
    const { id } = (await db.query("select id from landing_pages where path = $1", [path])).rows[0];
    const blocks = [
      {
        id: "b1",
        type: "text_image",
        data: {
          title: `Bench ${index}`,
          text: "A page of the bench.",
          image: { src: url, alt: "Bench", decorative: false },
          imageSide: "right",
        },
      },
      { id: "b2", type: "disclaimer", data: { title: "Important information", text: "Terms apply." } },
    ];
    const seo = { title: "", description: "", canonical: "", ogImage: "", noindex: false };
    const saved = await post.form(PORTS.a, "/admin/other/pages", {
      intent: "save-page",
      id: String(id),
      title: `Bench ${index}`,
      path,
      blocks: JSON.stringify(blocks),
      seo: JSON.stringify(seo),
    });
    if (saved.status >= 400)
      throw new Error(
        `page ${index} not saved: ${saved.status} ${(await saved.text())
          .match(/[А-Яа-я][^<>"]{8,}/g)
          ?.slice(-6)
          .join(" | ")}`,
      );
    const published = await post.form(PORTS.a, "/admin/other/pages", { intent: "publish-page", id: String(id) });
    if (published.status >= 400) throw new Error(`page ${index} not published: ${published.status}`);
    paths.push(path);
  }
  return paths;
}

/** Milliseconds until every page on both instances names `address`, polled every POLL_MS. */
async function untilEverywhere(paths, address, started) {
  const waiting = new Set(paths.flatMap((path) => [PORTS.a, PORTS.b].map((port) => `${site(port)}${path}`)));
  let last = 0;
  while (waiting.size > 0) {
    await Promise.all(
      [...waiting].map(async (page) => {
        const html = await (await fetch(page)).text();
        if (html.includes(address)) {
          waiting.delete(page);
          last = performance.now() - started;
        }
      }),
    );
    if (performance.now() - started > 30_000) throw new Error(`${waiting.size} pages still without ${address} after 30 s`);
    if (waiting.size > 0) await sleep(POLL_MS);
  }
  return last;
}

// long-function: one run, read in order: the servers up, the pages made, the replaces, the report, the servers down
async function main() {
  buildUnlessSkipped();
  const load = os.loadavg().map((value) => value.toFixed(2));
  const database = await createDatabase(adminUrl);
  const env = { DATABASE_URL: database.url, AUTH_SECRET: "bench-media-replace-secret-0123456789abcdef", LOG_REQUESTS: "errors" };
  const servers = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    servers.push(await startProductionServer({ port: PORTS.a, env }));
    servers.push(await startProductionServer({ port: PORTS.b, env }));
    await db.connect();
    const signUp = await fetch(`${site(PORTS.a)}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: site(PORTS.a), "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-password-1", name: "admin" }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .filter((value) => !value.endsWith("="))
      .join("; ");
    const post = client(cookie);
    const uploaded = await post.raw(PORTS.a, "/admin/media/upload?name=bench.png", await image(0));
    if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    let current = /** @type {{ file: { path: string } }} */ (await uploaded.json()).file.path;
    const paths = await makePages(post, db, current);
    await untilEverywhere(paths, current, performance.now());

    const everywhere = [];
    const replaceTimes = [];
    for (let round = 1; round <= REPLACES; round += 1) {
      const bytes = await image(round * 23);
      const name = current.replace("/uploads/", "");
      const started = performance.now();
      const answer = await post.raw(PORTS.a, `/admin/media/replace?file=${encodeURIComponent(name)}`, bytes);
      if (answer.status !== 200) throw new Error(`replace answered ${answer.status}: ${await answer.text()}`);
      const replaced = /** @type {{ url: string; records: number }} */ (await answer.json());
      const answered = performance.now();
      if (replaced.records !== PAGES) throw new Error(`the replace changed ${replaced.records} records, not ${PAGES}`);
      replaceTimes.push(answered - started);
      everywhere.push(await untilEverywhere(paths, replaced.url, answered));
      current = replaced.url;
      await sleep(500);
    }
    const round = (value) => Math.round(value);
    const report = {
      started: new Date().toISOString(),
      load,
      cores: os.cpus().length,
      pages: PAGES,
      replaces: REPLACES,
      afterAnswer: { p50: round(percentile(everywhere, 50)), max: round(Math.max(...everywhere)) },
      replace: { p50: round(percentile(replaceTimes, 50)), max: round(Math.max(...replaceTimes)) },
      fromRequest: {
        p50: round(
          percentile(
            everywhere.map((value, index) => value + (replaceTimes[index] ?? 0)),
            50,
          ),
        ),
        max: round(Math.max(...everywhere.map((value, index) => value + (replaceTimes[index] ?? 0)))),
      },
      samples: everywhere.map(round),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await db.end().catch(() => {});
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

await main();
