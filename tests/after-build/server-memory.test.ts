import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIsolatedServer, type IsolatedServer } from "../e2e/support/isolated-server";

/**
 * The production server on the embedded database keeps its memory for the site: what only an
 * upload or a mail needs is loaded when one happens, and PostgreSQL's WebAssembly is not
 * recompiled by V8's optimising compiler (server.js). A real server from the build (`npm run
 * test:e2e` runs this folder after it builds), measured from outside through /proc.
 */
if (!fs.existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` before the tests in tests/after-build");
const PORT = Number(process.env.MEMORY_TEST_PORT ?? 5406);
/** The server build's modules, as the server loads them: static imports at start, import() when reached. */
const serverBundle = () =>
  [path.join("build/server", "index.js"), ...fs.readdirSync("build/server/assets").map((name) => path.join("build/server/assets", name))]
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.readFileSync(file, "utf8"));
const kilobytes = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

describe("the production server's memory (embedded database)", () => {
  let server: IsolatedServer;
  let pid: number;

  beforeAll(async () => {
    server = await startIsolatedServer({ port: PORT, env: { PAGE_CACHE: "on" } });
    pid = server.process.pid!;
  }, 120_000);
  afterAll(() => server?.stop());

  it("has not loaded sharp's image libraries before an upload", () => {
    const mapped = fs.readFileSync(`/proc/${pid}/maps`, "utf8");
    expect(mapped).toContain("/node");
    expect(mapped).not.toMatch(/libvips|sharp-linux/);
  });

  it("imports what only a PostgreSQL database, a backup, a two-factor enrolment or an upload needs when one happens", () => {
    // The server bundle's static imports are loaded at start; a dynamic import() only when reached.
    const code = serverBundle();
    for (const library of ["pg", "drizzle-orm/node-postgres", "drizzle-orm/node-postgres/migrator", "qrcode", "tar", "file-type"]) {
      const statically = new RegExp(`^import [^;]*? from "${library}";`, "m");
      expect(
        code.some((text) => statically.test(text)),
        `${library} imported at start`,
      ).toBe(false);
      expect(
        code.some((text) => text.includes(`import("${library}")`)),
        `${library} imported when needed`,
      ).toBe(true);
    }
  });

  it("bundles the icons and Radix components it renders instead of loading the whole libraries", () => {
    // Imported from node_modules at run time, lucide-react (every icon) and Radix (every primitive)
    // were 7 and 3 MB of the heap; bundled, only what the pages use is there (bench/memory.md).
    const imported = serverBundle().flatMap((text) =>
      Array.from(text.matchAll(/(?:^import [^;]*? from |import\()"([^"]+)"/gm), (match) => match[1]!),
    );
    expect(imported).toContain("react");
    expect(imported.filter((name) => name === "lucide-react" || name === "radix-ui" || name.startsWith("@radix-ui/"))).toEqual([]);
  });

  it("stays well below a small server's memory once started and its pages asked", async () => {
    // Each page once, from the page cache the server filled at start; then the peak since start.
    for (const path of ["/", "/fees", "/contact", "/faq", "/no-such-page"]) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    // Before the WebAssembly and lazy-loading changes this was some 300 MB (bench/memory.md), after them about 220.
    expect(kilobytes(pid, "VmHWM") / 1024).toBeLessThan(265);
  });
});
