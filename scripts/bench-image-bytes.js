// `npm run bench:image-bytes` (issue 45's phone figure): the bytes of the largest image a phone
// downloads on `/` (the home hero's picture) and on a landing page (a hero block's picture), after
// an administrator uploaded a camera-sized photo for both, against the bytes of the photo as
// uploaded (what a page that served the original would send). A production server on a fresh
// embedded database; Debian's Chromium as a phone (390 × 844 CSS pixels at 3 device pixels per
// CSS pixel, the widest common phone screen in pixels) and as a desktop (1440 × 900 at 1).
// Writes bench/image-bytes.md. Needs a build (`npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { everyBlock, publishLandingPage } from "./support/landing-page.js";
import { startProductionServer } from "./support/production-server.js";

const port = Number(process.env.BENCH_PORT ?? 5970);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-bytes-bench-"));
const account = { email: "bench@example.com", password: "bench-password-1", name: "Bench" };
const LANDING = "/photo-season";

/**
 * A 4032 × 3024 photo (a 12-megapixel phone camera's) as a camera JPEG: colour detail at every
 * scale (value noise in octaves from a few blobs to single pixels), as a natural scene has, so its
 * smaller copies keep detail to encode instead of turning into flat colour.
 */
async function cameraPhoto() {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const octaves = [6, 24, 96, 384, 1536].map((cells, index) => {
    const rows = Math.round((cells * height) / width) + 2;
    const grid = Float32Array.from({ length: (cells + 2) * rows * 3 }, random);
    return { cells, rows, grid, weight: [0.35, 0.25, 0.18, 0.12, 0.1][index] };
  });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        let value = 0;
        for (const { cells, rows, grid, weight } of octaves) {
          const gx = (x / width) * cells;
          const gy = (y / height) * (rows - 2);
          const x0 = Math.floor(gx);
          const y0 = Math.floor(gy);
          const fx = gx - x0;
          const fy = gy - y0;
          const at = (cx, cy) => grid[(cy * (cells + 2) + cx) * 3 + channel];
          const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
          const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
          value += (top * (1 - fy) + bottom * fy) * weight;
        }
        pixels[(y * width + x) * 3 + channel] = Math.max(0, Math.min(255, value * 255 + (random() - 0.5) * 12));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** @param {string} cookie @param {string} address @param {Buffer} photo */
async function upload(cookie, address, photo) {
  const response = await fetch(`${base}${address}`, {
    method: "POST",
    headers: { Origin: base, cookie, "content-type": "image/jpeg" },
    body: new Uint8Array(photo),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${address} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Every image the page downloads in the browser, scrolled to its end (so lazy ones load too).
 * @param {import("@playwright/test").Browser} browser @param {string} address @param {import("@playwright/test").BrowserContextOptions} device
 */
async function imagesOf(browser, address, device) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  /** @type {{ url: string, bytes: number }[]} */
  const images = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ url: new URL(response.url()).pathname, bytes: body.length });
  });
  await page.goto(`${base}${address}`, { waitUntil: "networkidle" });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  await context.close();
  return images.sort((a, b) => b.bytes - a.bytes);
}

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startProductionServer({ port, env: { DATA_DIR: dataDir } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell" });
try {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const photo = await cameraPhoto();
  await upload(cookie, "/admin/upload?page=home&section=hero_image", photo);
  const { url } = await upload(cookie, "/admin/page-image", photo);
  const hero = everyBlock()[0];
  await publishLandingPage(
    base,
    LANDING,
    // The every-block page's hero with the photo, and its risk warning (every published page has one).
    [
      { ...hero, data: { ...hero.data, image: { src: url, alt: "A photo", decorative: false } } },
      ...everyBlock().filter((block) => block.type === "disclaimer"),
    ],
    { account },
  );
  const rows = [];
  for (const address of ["/", LANDING]) {
    /** @type {[string, import("@playwright/test").BrowserContextOptions][]} */
    const devices = [
      ["phone", phone],
      ["desktop", desktop],
    ];
    for (const [name, device] of devices) {
      const images = await imagesOf(browser, address, device);
      const largest = images[0];
      if (!largest) throw new Error(`${address} loaded no image`);
      rows.push(
        `| \`${address}\` | ${name} | \`${largest.url}\` | ${kb(largest.bytes)} | ${kb(photo.length)} | ${((largest.bytes / photo.length) * 100).toFixed(1)} % |`,
      );
    }
  }
  const report = `# Bytes of the largest image on a phone

\`npm run bench:image-bytes\` (needs a build). A production server on a fresh embedded database; an
administrator uploads one 4032 × 3024 camera JPEG (${kb(photo.length)}, quality 90) as the home hero's
picture (\`/\`) and as the picture of a landing page's hero block (\`${LANDING}\`). Debian's Chromium then
opens each page as a phone (390 × 844 CSS pixels at 3 device pixels each, touch) and as a desktop
(1440 × 900 at 1), scrolls to the end so lazy images load too, and the largest image it downloaded
is compared with the photo as uploaded: "before" is what a page that served the upload's own
address would send (the original, which is what \`src\` alone gives). Measured ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} cores, Node ${process.version}.

The upload pipeline keeps the original (its metadata removed, orientation applied) and makes WebP
copies at the srcset widths; pages give every upload \`width\`, \`height\`, \`srcset\` and \`sizes\`,
so the browser picks the copy its screen needs.

| page | device | largest image downloaded | its bytes | before: the photo as uploaded | share |
| --- | --- | --- | --: | --: | --: |
${rows.join("\n")}
`;
  fs.writeFileSync("bench/image-bytes.md", report);
  process.stdout.write(report);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
