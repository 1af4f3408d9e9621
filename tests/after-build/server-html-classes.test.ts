import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Public pages carry HTML the server writes as text (app/app.css lists these files as sources):
 * every class it names must be in the public stylesheet, which is built only from the files
 * that stylesheet scans. A class missing there renders unstyled (the preview's bar lost its badge).
 */
const SERVER_HTML = ["app/features/releases/preview/banner.server.ts", "app/features/effective-dates/public.server.ts"];
const assets = path.resolve("build/client/assets");
if (!fs.existsSync(assets)) throw new Error("No build: run `npm run build` before the tests in tests/after-build");

/** A class name as a CSS selector writes it (`px-1.5` → `px-1\.5`, `hover:x` → `hover\:x`). */
const selectorOf = (name: string) => `.${name.replace(/[^\w-]/g, (character) => `\\${character}`)}`;

describe("the classes of the HTML the server writes for public pages", () => {
  const publicCss = fs
    .readdirSync(assets)
    .filter((name) => /^root-[\w-]+\.css$/.test(name))
    .map((name) => fs.readFileSync(path.join(assets, name), "utf8"))
    .join("\n");

  it("are found in the sources", () => {
    expect(publicCss.length).toBeGreaterThan(0);
    for (const file of SERVER_HTML) expect(fs.readFileSync(file, "utf8"), file).toMatch(/class="/);
  });

  it.each(SERVER_HTML)("%s: each is in the public stylesheet", (file) => {
    const names = new Set(
      [...fs.readFileSync(file, "utf8").matchAll(/class="([^"$]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)),
    );
    expect([...names].filter((name) => !publicCss.includes(selectorOf(name)))).toEqual([]);
  });
});
