// `npm run bench:preview`: the release preview's two figures, on the production build (run
// `npm run build` first) with the embedded database: the render time of a preview page (every
// public page with a release of 20 staged values applied, rendered per request: p50/p95), and the
// live preview's delay from a keystroke in an editor to the repainted frame beside it (target
// <= 300 ms). Writes bench/release-preview.md.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "./support/chromium.js";
import { publicPagePaths } from "../app/features/seo/public-pages.js";
import { builtServer, root } from "./support/ensure-build.js";
import { stopProcess, waitFor } from "./support/production-server.js";

const PORT = Number(process.env.BENCH_PREVIEW_PORT ?? 5404);
const BASE = `http://localhost:${PORT}`;
const RENDERS_PER_PAGE = Number(process.env.BENCH_PREVIEW_RENDERS ?? 30);
const KEYSTROKES = Number(process.env.BENCH_PREVIEW_KEYS ?? 40);
const STAGED = 20;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const ms = (value) => `${value.toFixed(1)} ms`;
const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie.endsWith("="));

async function post(path, form, cookie) {
  return fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** An administrator, the default content, and a release with STAGED values, then live editing again. */
async function prepare() {
  const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: BASE, "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin-password-1", name: "admin" }),
  });
  const session = cookiesOf(signUp).join("; ");
  await post("/admin/content", { intent: "initialize-content" }, session);
  const created = await post("/admin/other/releases", { intent: "create-release", name: "Новые тарифы с 1 февраля" }, session);
  const releaseId = Number(/\/releases\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
  const sections = ["company_name", "company_address", "contact_email", "contact_phone", "footer_description"];
  for (let index = 0; index < STAGED; index += 1) {
    const section = sections[index % sections.length];
    await post("/admin/settings", { intent: "update-setting", section, value: `Staged value ${index}` }, session);
  }
  await post("/admin/other/releases", { intent: "go-live" }, session);
  const start = await fetch(`${BASE}/admin/preview?release=${releaseId}&path=/`, { headers: { cookie: session }, redirect: "manual" });
  const preview = [session, ...cookiesOf(start)].join("; ");
  // The release is really applied (and only in the preview): otherwise the figures measure nothing.
  const previewed = await (await fetch(`${BASE}/`, { headers: { cookie: preview } })).text();
  const live = await (await fetch(`${BASE}/`)).text();
  if (!previewed.includes("Staged value") || live.includes("Staged value")) throw new Error("the release is not applied as expected");
  return { session, releaseId, preview };
}

async function timedGet(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return performance.now() - started;
}

async function renderTimes(previewCookie) {
  const preview = [];
  const cached = [];
  for (let round = 0; round < RENDERS_PER_PAGE; round += 1) {
    for (const page of publicPagePaths) {
      preview.push(await timedGet(`${BASE}${page}`, previewCookie));
      cached.push(await timedGet(`${BASE}${page}`));
    }
  }
  return { preview, cached };
}

// long-function: one browser session, typed into the page and timed inside it
async function liveDelays(session) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addCookies(
      session.split("; ").map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), url: BASE })),
    );
    const page = await context.newPage();
    await page.goto(`${BASE}/admin/content?page=home`);
    await page.getByTestId("live-preview-toggle").click();
    await page.frameLocator('iframe[title="Предпросмотр сайта"]').getByTestId("preview-banner").waitFor();
    // Each keystroke: the input event the browser fires for a key, then the frame's report that
    // it has repainted with it (after its next animation frame); a pause of typing pace between.
    return await page.evaluate(async (keys) => {
      const input = /** @type {HTMLInputElement} */ (document.querySelector('[data-testid="content-card-hero_title"] input'));
      const frame = /** @type {HTMLIFrameElement} */ (document.querySelector('iframe[title="Предпросмотр сайта"]'));
      const setValue = /** @type {(value: string) => void} */ (Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set);
      const delays = [];
      let text = "Live ";
      for (let key = 0; key < keys; key += 1) {
        text += "abcdefghij"[key % 10];
        const painted = new Promise((resolve) => {
          const listen = (event) => {
            if (event.source !== frame.contentWindow || event.data?.type !== "release-preview:painted") return;
            if (!frame.contentDocument?.body.textContent?.includes(text)) return;
            window.removeEventListener("message", listen);
            resolve(performance.now());
          };
          window.addEventListener("message", listen);
        });
        const started = performance.now();
        setValue.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        delays.push((await painted) - started);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      return delays;
    }, KEYSTROKES);
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(builtServer)) throw new Error("No build: run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-preview-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`);
    const { session, preview } = await prepare();
    // Warm-up: the first renders compile and fill the content caches.
    for (const page of publicPagePaths) await timedGet(`${BASE}${page}`, preview);
    const renders = await renderTimes(preview);
    const delays = await liveDelays(session);
    const line = (label, values) =>
      `| ${label} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))} |`;
    const report = [
      "# Release preview: render time and live-preview delay",
      "",
      `Measured by \`npm run bench:preview\` (scripts/bench-preview.js) on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, the production build on the embedded database (PGlite), one client at a time, the machine shared with other work.`,
      "",
      `A release of ${STAGED} staged values (settings shown in every page's footer and contact block). Every public page (${publicPagePaths.length}) asked ${RENDERS_PER_PAGE} times with the administrator's preview cookie: each is recognised before the page cache (session and release checked, staged values loaded) and rendered for its request. The same pages from the page cache, for comparison.`,
      "",
      "| Request | n | p50 | p95 | max |",
      "| --- | --- | --- | --- | --- |",
      line("Preview page (rendered per request)", renders.preview),
      line("Live page from the page cache", renders.cached),
      "",
      `Live preview: ${KEYSTROKES} keystrokes in the home page's hero title, 150 ms apart, with the split view open at phone width. Delay from the input event to the frame's report that it repainted with the text (its next animation frame after the page's revalidation with the typed values); target <= 300 ms.`,
      "",
      "| Live preview | n | p50 | p95 | max |",
      "| --- | --- | --- | --- | --- |",
      line("Keystroke to repainted frame", delays),
      "",
    ].join("\n");
    fs.writeFileSync(path.join(root, "bench/release-preview.md"), report);
    console.log(report);
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
