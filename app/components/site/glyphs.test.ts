import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { cssFile, namesFile, renderGlyphs, svgDataUri } from "../../../scripts/glyphs.js";

describe("[PERFORMANCE][GLYPHS] icons embedded in the stylesheet", () => {
  test("glyphs.css and glyph-names.ts are what `npm run glyphs` makes from the SVG files", () => {
    const { css, names } = renderGlyphs();
    expect(fs.readFileSync(cssFile, "utf8"), "run `npm run glyphs`").toBe(css);
    expect(fs.readFileSync(namesFile, "utf8"), "run `npm run glyphs`").toBe(names);
  });

  test("every icon is a data URI, so a page makes no request per icon", () => {
    const css = fs.readFileSync(cssFile, "utf8");
    const urls = [...css.matchAll(/url\("([^"]*)"\)/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) expect(url).toMatch(/^data:image\/svg\+xml,%3Csvg /);
  });

  test("a data URI keeps the SVG intact once decoded", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M1 1h2"/></svg>';
    const uri: string = svgDataUri(svg);
    const decoded = decodeURIComponent(/^url\("data:image\/svg\+xml,(.*)"\)$/.exec(uri)![1]!);
    expect(decoded).toBe(svg.replace(/"/g, "'"));
    expect(uri.slice('url("'.length, -'")'.length)).not.toMatch(/[<>#"]/);
  });
});
