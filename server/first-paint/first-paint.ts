import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Beasties from "beasties";
import { logger } from "~/platform/logger.server";
import {
  DEFERRED_EVALUATE_ATTRIBUTE,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOADS_ATTRIBUTE,
  DEFERRED_STYLESHEET_ATTRIBUTE,
} from "./deferred-markers";
import { MODULE_STARTER, STYLESHEET_LOADER } from "./head-scripts";
import { dropUnmatchedAllowed, dropUnreadProperties, firstScreenGlyphs, keepFirstScreenIcons } from "./critical-css";

/**
 * What a cached page needs before its first paint, and nothing more: the CSS its elements use
 * inline in <head> (Beasties), the stylesheets fetched at low priority and applied at the first
 * input, and the browser's JavaScript requested only after the first paint. Run once per page
 * and content version, when the page is cached (docs/decisions/0012-first-paint.md).
 */

export {
  DEFERRED_EVALUATE_ATTRIBUTE,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOADS_ATTRIBUTE,
  DEFERRED_STYLESHEET_ATTRIBUTE,
} from "./deferred-markers";
export { MODULE_STARTER, STYLESHEET_LOADER } from "./head-scripts";
export { dropUnmatchedAllowed, dropUnreadProperties, firstScreenGlyphs, keepFirstScreenIcons } from "./critical-css";

/** Takes the module preloads out of <head> and holds them and the router's module until the first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  const module = /<script(?: nonce="[^"]*")? type="module" async="">/.exec(html);
  if (!module) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"[^>]*>/g)].map((link) => link[1]!);
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*>/g, "");
  // The module React Router's script imports itself (its entry) starts the hydration: it comes last.
  const entry = /import\("(\/assets\/[\w.-]+\.js)"\)/.exec(html.slice(module.index))?.[1];
  const evaluated = entry ? preloads.filter((href) => href !== entry) : [];
  const block =
    `<script type="${DEFERRED_MODULE_TYPE}"` +
    (preloads.length > 0 ? ` ${DEFERRED_PRELOADS_ATTRIBUTE}="${preloads.join(" ")}"` : "") +
    (evaluated.length > 0 ? ` ${DEFERRED_EVALUATE_ATTRIBUTE}="${evaluated.join(" ")}"` : "") +
    ">";
  return withoutPreloads
    .replace(/<script(?: nonce="[^"]*")? type="module" async="">/, block)
    .replace("</body>", `<script>${MODULE_STARTER}</script></body>`);
}

/** Page structures whose critical CSS is remembered (a few per public page). */
const REMEMBERED_STRUCTURES = 64;

/**
 * What a page's critical CSS depends on: its stylesheets, its markup without the words (each
 * text kept as one character, so that `:empty` still tells) and without the scripts, its first
 * screen's icons and the custom properties it reads. Two renderings with the same key get the
 * same critical CSS from Beasties and the trimming after it. With `selectorAttributes` (the
 * attribute names the stylesheets' selectors name), the values of other attributes (an
 * `aria-label`, an `alt`, a link) are left out too, as no selector can tell them apart.
 */
export function criticalCssKey(html: string, links: string[], body: string, selectorAttributes?: Set<string>): string {
  let markup = body.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/>[^<]+</g, ">·<");
  if (selectorAttributes) {
    markup = markup.replace(/\s([^\s=>"'/]+)="[^"]*"/g, (attribute, name: string) =>
      name === "class" || name === "id" || name === "style" || selectorAttributes.has(name) ? attribute : ` ${name}`,
    );
  }
  const properties = [...new Set(Array.from(html.matchAll(/var\((--[\w-]+)/g), (match) => match[1]))].sort();
  const digest = createHash("sha1").update(markup).digest("base64");
  return `${links.join("")} ${digest} ${[...firstScreenGlyphs(html)].sort().join(",")} ${properties.join(",")}`;
}

export interface FirstPaint {
  /** The page as it is cached: critical CSS inline, the rest after the first paint. */
  finish(html: string): Promise<string>;
}

/** The attribute names the stylesheets' selectors name (`[data-state`, `[open`, `[aria-expanded`), read once. */
function attributesInSelectors(clientDirectory: string, hrefs: string[], known: Map<string, Set<string>>) {
  const key = hrefs.join(" ");
  let names = known.get(key);
  if (!names) {
    names = new Set();
    for (const href of hrefs) {
      const sheet = fs.readFileSync(path.join(clientDirectory, href), "utf8");
      for (const match of sheet.matchAll(/\[([A-Za-z][\w:-]*)/g)) names.add(match[1]!);
    }
    known.set(key, names);
  }
  return names;
}

/** Beasties reading the client build's stylesheets, each read from disk once. */
function createBeasties(clientDirectory: string) {
  const sheets = new Map<string, string>();
  // Beasties only computes the CSS; the page is assembled below, so that its markup stays byte
  // for byte React's (Beasties' serialiser rewrites the document).
  const beasties = new Beasties({
    path: clientDirectory,
    publicPath: "/",
    pruneSource: false,
    reduceInlineStyles: false,
    mergeStylesheets: true,
    inlineFonts: false,
    preloadFonts: false,
    fonts: false,
    keyframes: "critical",
    // States the page's scripts set, which Beasties cannot see in the rendered markup: a returning
    // visitor's banner stays hidden (and one closed before hydration), revealed sections and open disclosures look the same.
    // Selectors Beasties cannot match against the markup and would drop though they apply
    // (found by comparing each rule of the full stylesheet with the page in a browser):
    // Tailwind's `:where(.space-y-4>:not(:last-child))`, `:is(…)>.glyph`, and arbitrary
    // variants with escaped characters (`.\[\&\>\.glyph\]\:size-4>.glyph`).
    allowRules: [/data-cookie-consent/, /data-cookie-banner-closed/, /data-reveal-ready/, /\[open\]/, /:where\(/, /:is\(/, /\\\[/],
    compress: true,
    logLevel: "warn",
  });
  beasties.readFile = (filename: string) => {
    let sheet = sheets.get(filename);
    if (sheet === undefined) {
      sheet = fs.readFileSync(path.resolve(filename), "utf8");
      sheets.set(filename, sheet);
    }
    return sheet;
  };

  return beasties;
}

/**
 * `clientDirectory` holds the client build, whose stylesheets Beasties reads. The stylesheet is
 * read once; each page's critical CSS is what the page's own elements match, so nothing is
 * restyled when the full stylesheet arrives.
 */
export function createFirstPaint(clientDirectory: string): FirstPaint {
  const criticalByStructure = new Map<string, string>();
  const beasties = createBeasties(clientDirectory);
  const attributesBySheets = new Map<string, Set<string>>();
  const selectorAttributes = (hrefs: string[]) => attributesInSelectors(clientDirectory, hrefs, attributesBySheets);

  return {
    async finish(html) {
      try {
        return await inlineCriticalCss(html);
      } catch (error) {
        logger.warn({ err: error }, "critical CSS failed: the page keeps its render-blocking stylesheet");
        return scriptsAfterFirstPaint(html);
      }
    },
  };

  /** The critical CSS of a document, or undefined when Beasties inlined none. */
  async function criticalCss(html: string, links: string[], body: string) {
    const processed = await beasties.process(`<!DOCTYPE html><html><head>${links.join("")}</head>${body}</html>`);
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(processed);
    if (!inlined?.[1]) return undefined;
    return dropUnreadProperties(dropUnmatchedAllowed(keepFirstScreenIcons(inlined[1], firstScreenGlyphs(html)), body), html);
  }

  async function inlineCriticalCss(html: string) {
    const headEnd = html.indexOf("</head>");
    const links = [...html.slice(0, headEnd).matchAll(/<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g)];
    if (links.length === 0) return scriptsAfterFirstPaint(html);
    // Beasties is given the head's stylesheet links and the body: the rest of the document
    // (scripts, data) matches no selector.
    const body = html.slice(html.indexOf("<body"), html.indexOf("</body>") + 7);
    // Most saves change words, not markup: the CSS is computed once per page structure.
    const key = criticalCssKey(
      html,
      links.map((link) => link[0]),
      body,
      selectorAttributes(links.map((link) => link[1]!)),
    );
    let critical = criticalByStructure.get(key);
    if (critical === undefined) {
      critical = await criticalCss(
        html,
        links.map((link) => link[0]),
        body,
      );
      if (critical === undefined) return scriptsAfterFirstPaint(html);
      if (criticalByStructure.size >= REMEMBERED_STRUCTURES) criticalByStructure.clear();
      criticalByStructure.set(key, critical);
    }
    const deferred = links
      .map(([, href]) => `<link rel="stylesheet" href="${href}" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}=""/>`)
      .join("");
    const fallback = `<noscript>${links.map((link) => link[0]).join("")}</noscript>`;
    // The later links go (from the last, so that the earlier indexes hold); the first becomes the lot.
    let finished = html;
    for (const link of links.slice(1).reverse()) {
      finished = finished.slice(0, link.index) + finished.slice(link.index + link[0].length);
    }
    const first = links[0]!;
    finished =
      finished.slice(0, first.index) +
      `<style>${critical}</style>${deferred}${fallback}<script>${STYLESHEET_LOADER}</script>` +
      finished.slice(first.index + first[0].length);
    return scriptsAfterFirstPaint(finished);
  }
}
