// `npm run bench:edge`: the site behind Varnish with the shipped VCL (deploy/varnish/), two
// production servers on one PostgreSQL database (TEST_DATABASE_URL: a database is created and
// dropped here). Measures (1) cached `/` through Varnish against nginx gzip_static sending the
// same gzip bytes, each on core 0 in turn, wrk on core 1; (2) how long after a save's answer the
// edge serves the new page, over 100 saves alternating between the instances; (3) how many of
// the public pages one save purges, for a hero text, a menu item and a global setting.
// Writes bench/edge-cache.md.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { publicPagePaths } from "../app/features/seo/public-pages.js";
import { nginxAddedFields, nginxPath, rawAnswer, startNginx } from "./support/bench-servers.js";
import { createDatabase, startVarnish, treeCpu } from "./support/bench-edge.js";
import { buildUnlessSkipped, pinned, startProductionServer } from "./support/production-server.js";

// BENCH_EDGE_PORT moves the four ports (Varnish, the two instances, nginx) when 5480-5483 are taken.
const BASE_PORT = Number(process.env.BENCH_EDGE_PORT ?? 5480);
const PORTS = { varnish: BASE_PORT, a: BASE_PORT + 1, b: BASE_PORT + 2, nginx: BASE_PORT + 3 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION = process.env.BENCH_DURATION ?? "5s";
const SAVES = Number(process.env.BENCH_SAVES ?? 100);
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
if (!adminUrl) throw new Error("TEST_DATABASE_URL must point at a PostgreSQL server where a database may be created");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {number[]} values */
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values, p) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

/** @param {number} port @param {string} [length] */
function wrk(port, length = DURATION) {
  const [command, args] = pinned(1, "wrk", [
    "-t1",
    "-c50",
    `-d${length}`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip",
    `http://127.0.0.1:${port}/`,
  ]);
  const output = execFileSync(command, args, { encoding: "utf8" });
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p99: /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? "?",
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

const edge = (pathname, headers = {}) => fetch(`http://127.0.0.1:${PORTS.varnish}${pathname}`, { headers, redirect: "manual" });

// long-function: one run, read in order: the servers up, the three measurements, the report, the servers down
async function main() {
  buildUnlessSkipped();
  const started = new Date();
  const load = os.loadavg().map((value) => value.toFixed(2));
  const database = await createDatabase(adminUrl);
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: "bench-edge-cache-secret-0123456789abcdef",
    EDGE_VARNISH_PURGE: `http://127.0.0.1:${PORTS.varnish}`,
    LOG_REQUESTS: "errors",
  };
  const servers = [];
  let varnish;
  let nginx;
  try {
    // Varnish first: the purges of the whole site each instance owes it at start land before the measurements.
    varnish = await startVarnish(PORTS);
    servers.push(await startProductionServer({ port: PORTS.a, env }));
    servers.push(await startProductionServer({ port: PORTS.b, env }));
    await sleep(3000);
    const site = (port) => `http://127.0.0.1:${port}`;
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
    const post = (port, pathname, form) =>
      fetch(`${site(port)}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: site(port), cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });

    // (1) Throughput of the cached `/`.
    await edge("/", { "accept-encoding": "gzip" });
    const answer = await edge("/", { "accept-encoding": "gzip" });
    if (answer.headers.get("x-cache") !== "HIT") throw new Error("`/` is not a hit at the edge");
    const raw = execFileSync("curl", ["-s", "-H", "Accept-Encoding: gzip", `http://127.0.0.1:${PORTS.varnish}/`]);
    const nginxBinary = nginxPath();
    if (!nginxBinary) throw new Error("nginx is not installed (apt-get install -y nginx-light)");
    // nginx sends the same head as Varnish: the site's fields and Varnish's own (X-Varnish, Age,
    // Via, X-Cache) besides those nginx writes itself, so both send as many bytes per answer.
    const varnishAnswer = await rawAnswer(PORTS.varnish, "/", { "Accept-Encoding": "gzip" });
    nginx = await startNginx(nginxBinary, raw, PORTS.nginx, 0, nginxAddedFields(varnishAnswer.head));
    const nginxAnswer = await rawAnswer(PORTS.nginx, "/", { "Accept-Encoding": "gzip" });
    if (!nginxAnswer.body.equals(raw)) throw new Error("nginx does not send Varnish's bytes");
    /** @type {Record<"varnish" | "nginx", number[]>} */
    const throughput = { varnish: [], nginx: [] };
    /** @type {Record<"varnish" | "nginx", string[]>} */
    const p99 = { varnish: [], nginx: [] };
    /** @type {Record<"varnish" | "nginx", number[]>} */
    const cpuPerAnswer = { varnish: [], nginx: [] };
    const pids = { varnish: varnish.pid, nginx: /** @type {number} */ (nginx.child.pid) };
    for (const port of [PORTS.varnish, PORTS.nginx]) wrk(port, "3s");
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? ["varnish", "nginx"] : ["nginx", "varnish"];
      for (const name of order) {
        const cpuBefore = treeCpu(pids[name]);
        const run = wrk(name === "varnish" ? PORTS.varnish : PORTS.nginx);
        if (run.non2xx > 0) throw new Error(`${name} answered ${run.non2xx} errors`);
        cpuPerAnswer[name].push((treeCpu(pids[name]) - cpuBefore) / run.requests);
        throughput[name].push(run.requestsPerSecond);
        p99[name].push(run.p99);
      }
    }
    const ratios = throughput.varnish.map((value, index) => value / (throughput.nginx[index] ?? 1));
    const cpuRatios = cpuPerAnswer.nginx.map((value, index) => value / (cpuPerAnswer.varnish[index] ?? 1));

    if (process.env.BENCH_ONLY_THROUGHPUT) {
      console.log({ throughput, ratios, p99, cpuPerAnswer, cpuRatios });
      return;
    }
    // (2) Staleness after a save, alternating the instances the saves go to.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await post(PORTS.a, "/admin/content", { intent: "add-content", pageName: "home", sectionName: "hero_title", contentValue: "Bench 0" });
    const heroId = (await db.query("select id from page_content where page_name = 'home' and section_name = 'hero_title'")).rows[0].id;
    const staleness = [];
    for (let save = 1; save <= SAVES; save += 1) {
      const value = `Bench hero ${save} ${Date.now().toString(36)}`;
      await edge("/");
      const saved = await post(save % 2 ? PORTS.b : PORTS.a, "/admin/content", {
        intent: "update-content",
        id: String(heroId),
        contentValue: value,
      });
      if (saved.status !== 200) throw new Error(`save ${save} answered ${saved.status}`);
      const answered = performance.now();
      for (;;) {
        if ((await (await edge("/")).text()).includes(value)) break;
        if (performance.now() - answered > 30_000) throw new Error(`save ${save} not at the edge after 30 s`);
        await sleep(5);
      }
      staleness.push(performance.now() - answered);
    }

    // (3) Pages purged by one save of one key.
    const pages = [...publicPagePaths, "/no-such-page"];
    const menuItem = (await db.query("select id from menu_items where is_active order by id limit 1")).rows[0].id;
    const purged = {};
    const saves = {
      "hero text (`home/hero_title`)": () =>
        post(PORTS.a, "/admin/content", { intent: "update-content", id: String(heroId), contentValue: `Purge ${Date.now()}` }),
      [`menu item (\`menu:${menuItem}\`)`]: () =>
        post(PORTS.b, "/admin/menu", { intent: "update-menu-item", id: String(menuItem), displayName: `Item ${Date.now() % 1000}` }),
      "global setting (`global/company_name`)": () =>
        post(PORTS.a, "/admin/settings", { intent: "update-setting", section: "company_name", value: `Company ${Date.now()}` }),
    };
    for (const [label, save] of Object.entries(saves)) {
      for (const pathname of pages) {
        await edge(pathname);
        await edge(pathname);
      }
      const saved = await save();
      if (saved.status !== 200) throw new Error(`${label} answered ${saved.status}`);
      await sleep(2500);
      const missed = [];
      for (const pathname of pages) if ((await edge(pathname)).headers.get("x-cache") === "MISS") missed.push(pathname);
      purged[label] = missed;
    }
    await db.end();

    const ended = new Date();
    // Quiet: fewer runnable processes than cores when the run began.
    const quiet = Number(load[0]) < os.cpus().length;
    const lines = [
      "# Edge cache: the site behind Varnish",
      "",
      `- Date: ${started.toISOString()}`,
      `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${(spawnSync("/usr/sbin/varnishd", ["-V"], { encoding: "utf8" }).stderr.split("\n")[0] ?? "varnishd").replace(/ revision.*/, ")")}; load average ${load.join(", ")} at the start, ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ", ",
        )} at the end. ${quiet ? "The machine was quiet when the run began (the load at the end is the benchmark's own servers and saves)." : "**The machine was shared** with other work while this ran: absolute figures move, the ratio is taken within each round."}`,
      "- Method: `npm run bench:edge` (scripts/bench-edge-cache.js): two production servers on one PostgreSQL database behind Varnish with `deploy/varnish/default.vcl`, purging by tag after each write.",
      "",
      "## Cached `/`: Varnish against nginx gzip_static sending the same bytes",
      "",
      `Varnish (its cached copy of \`/\`, with \`deploy/varnish/default.vcl\` and \`deploy/varnish/varnishd.params\`, \`thread_pools=1\` since it has one core, its working directory in memory) and nginx (\`gzip_static\`, one worker, the same gzip bytes as \`/index.html.gz\`, ${raw.length} bytes, and the same header fields: ${varnishAnswer.headBytes} bytes of head from Varnish, ${nginxAnswer.headBytes} from nginx) each on core 0 in turn, wrk on core 1: 1 thread, 50 connections, ${DURATION} a run, \`Accept-Encoding: gzip\`, ${ROUNDS} rounds with the order alternated, after 3 s of warm-up each.`,
      "",
      "| server | req/s (median) | p99 (median round) | each round | server CPU µs/answer (median) |",
      "| --- | --- | --- | --- | --- |",
      `| Varnish | ${median(throughput.varnish).toFixed(0)} | ${p99.varnish[throughput.varnish.indexOf(median(throughput.varnish))]} | ${throughput.varnish.map((v) => v.toFixed(0)).join(" / ")} | ${median(cpuPerAnswer.varnish).toFixed(1)} |`,
      `| nginx gzip_static | ${median(throughput.nginx).toFixed(0)} | ${p99.nginx[throughput.nginx.indexOf(median(throughput.nginx))]} | ${throughput.nginx.map((v) => v.toFixed(0)).join(" / ")} | ${median(cpuPerAnswer.nginx).toFixed(1)} |`,
      "",
      `Varnish is **${median(ratios).toFixed(3)}× nginx** by req/s (median of each round's ratio: ${ratios.map((v) => v.toFixed(3)).join(", ")}). By the server's own CPU time per answer (all its processes and threads, which moves less than req/s on a shared machine), Varnish is **${median(cpuRatios).toFixed(3)}× nginx** (nginx's CPU per answer over Varnish's: ${cpuRatios.map((v) => v.toFixed(3)).join(", ")}). The issue's target, ≥ 0.9× nginx, is ${median(ratios) >= 0.9 && median(cpuRatios) >= 0.9 ? "met by both" : median(ratios) >= 0.9 || median(cpuRatios) >= 0.9 ? "met by one of the two figures only" : "**not met**"} in this run.`,
      "",
      `${quiet ? "Each round's ratio still moves (two servers take turns on one core of a virtual machine); " : "With a load average above the number of cores (see above), the req/s of each round say more about what else ran than about the servers, and "}a server that sleeps and wakes at every answer, as Varnish's threads do (about twice), loses most to a crowded core; the CPU time per answer is the steadier figure. Where Varnish spends its CPU on a hit, and what the shipped configuration does about it: bench/edge-cache-profile.md.`,
      "",
      "## Staleness at the edge after a save",
      "",
      `${SAVES} saves of the home page's hero text, alternating between the two instances (so half the time the page is fetched back from the instance that heard of the change through PostgreSQL); after each save's answer, \`/\` is asked through Varnish every 5 ms until it shows the new text.`,
      "",
      "| p50 | p90 | p99 | max |",
      "| --- | --- | --- | --- |",
      `| ${percentile(staleness, 50).toFixed(0)} ms | ${percentile(staleness, 90).toFixed(0)} ms | ${percentile(staleness, 99).toFixed(0)} ms | ${Math.max(...staleness).toFixed(0)} ms |`,
      "",
      "## Pages purged by one save",
      "",
      `Every public page and the 404 copy (${pages.length} addresses) kept at the edge, one key saved, then each asked again 2.5 s later (past the second purge): the pages Varnish had to fetch again.`,
      "",
      "| save | pages purged | which |",
      "| --- | --- | --- |",
      ...Object.entries(purged).map(
        ([label, missed]) =>
          `| ${label} | ${missed.length} of ${pages.length} | ${missed.length === pages.length ? "every page (each shows the menus and the settings)" : missed.map((p) => `\`${p}\``).join(", ")} |`,
      ),
      "",
      `Ran ${Math.round((ended.getTime() - started.getTime()) / 1000)} s.`,
      "",
    ];
    fs.writeFileSync("bench/edge-cache.md", lines.join("\n"));
    console.log(lines.join("\n"));
  } finally {
    await nginx?.stop();
    await varnish?.stop();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

await main();
