import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../support/fixtures";
import { publicPagePaths, UNKNOWN_PATH } from "../../../app/features/seo/public-pages.js";
import { EVERY_BLOCK_PATH, ensureEveryBlockPage } from "../../../scripts/support/landing-page.js";
import { ADMIN } from "../support/accounts";

// The W3C Nu Html Checker (vnu-jar) over the HTML each page is served as: the public pages, the
// 404 page, a landing page with every block and the admin's sign-in screen. Any error fails, so what the server adds to a page
// after React renders it (moved preloads, hashed scripts) stays valid too.
const PAGES = [...publicPagePaths, UNKNOWN_PATH, EVERY_BLOCK_PATH, "/admin"];
const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const java = process.env.JAVA_PATH ?? "java";

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("[PUBLIC][MARKUP]: the Nu Html Checker finds no error on any public page or the sign-in screen", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  await ensureEveryBlockPage(baseURL!, { account: ADMIN });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "markup-"));
  const files: string[] = [];
  for (const pathname of PAGES) {
    const response = await request.get(pathname);
    expect(response.headers()["content-type"], pathname).toContain("text/html");
    const file = path.join(directory, `${pathname === "/" ? "landing" : pathname.slice(1)}.html`);
    fs.writeFileSync(file, await response.text());
    files.push(file);
  }
  // vnu exits non-zero when it reports errors; its JSON report is the verdict either way.
  const output = await promisify(execFile)(java, ["-jar", vnuJar, "--format", "json", "--errors-only", ...files], {
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => stderr || stdout,
    (error: { stderr?: string; stdout?: string }) => error.stderr || error.stdout || "",
  );
  fs.rmSync(directory, { recursive: true, force: true });
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  const errors = messages
    // NOTE: the checker's CSS validator predates @property and @layer, which Tailwind's output
    // uses in any inline style; the HTML is what this test holds to account.
    .filter((message) => message.type === "error" || message.subType === "fatal")
    .filter((message) => !message.message.startsWith("CSS:"))
    .map((message) => `${path.basename(message.url)}:${message.lastLine ?? "?"}: ${message.message} ${message.extract ?? ""}`);
  expect(errors).toEqual([]);
});
