import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The archive keeps each page's stylesheets as they are and does not follow the addresses inside
 * them (docs/archive.md). That is whole only while the built stylesheets name no file by `url()`:
 * a web font or a background image added to them must also be archived (and rewritten in the
 * "as of" view), and this test says so.
 */
const assets = path.resolve("build/client/assets");
if (!fs.existsSync(assets)) throw new Error("No build: run `npm run build` before the tests in tests/after-build");

describe("the built stylesheets", () => {
  const stylesheets = fs.readdirSync(assets).filter((name) => name.endsWith(".css"));

  it("are there, and their url()s are read (the icons' data: addresses)", () => {
    expect(stylesheets.length).toBeGreaterThan(0);
    const css = stylesheets.map((name) => fs.readFileSync(path.join(assets, name), "utf8")).join("");
    expect(css).toMatch(/url\("data:image\/svg\+xml,/);
  });

  it("name no file by url() (only data: addresses), so the archive's copy of a stylesheet draws all it drew", () => {
    const files = stylesheets.flatMap((name) =>
      [...fs.readFileSync(path.join(assets, name), "utf8").matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)]
        .map((match) => match[1] ?? match[2] ?? match[3]!)
        .filter((address) => !address.startsWith("data:"))
        .map((address) => `${name}: ${address}`),
    );
    expect(files).toEqual([]);
  });
});
