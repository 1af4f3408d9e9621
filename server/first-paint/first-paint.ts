import fs from "node:fs";
import path from "node:path";
import Beasties from "beasties";
import { logger } from "~/platform/logger.server";

/**
 * What a cached page needs before its first paint, and nothing more: the CSS its elements use
 * inline in <head> (Beasties), the stylesheets fetched at low priority and applied at the first
 * input, and the browser's JavaScript requested only after the first paint. Run once per page
 * and content version, when the page is cached (docs/decisions/0012-first-paint.md).
 */

/**
 * Marks a stylesheet fetched at low priority without blocking paint and applied at the visitor's
 * first input, scroll or history step. The page's own elements are styled by the inline critical
 * CSS already; applying a stylesheet means restyling the whole page (50–60 ms on a desktop core,
 * four times that on a phone, whichever way it is added, measured), for nothing visible at load.
 * It is needed for what the page does not show yet: the icons below the first screen, another
 * page reached through the router, a form's answer.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = "data-deferred-stylesheet";

/**
 * Applies the deferred stylesheets (see above). Listening from a script, covered by the page's
 * CSP hash like every inline script, needs no inline event handler (which the CSP forbids).
 */
export const STYLESHEET_LOADER = `(function(){var e=["pointerdown","touchstart","keydown","wheel","scroll","submit","popstate"];function a(){e.forEach(function(t){removeEventListener(t,a,!0)});document.querySelectorAll("link[${DEFERRED_STYLESHEET_ATTRIBUTE}]").forEach(function(l){l.media="all"})}e.forEach(function(t){addEventListener(t,a,{capture:!0,passive:!0})})})()`;

/** The router's start-up module, kept as a data block until the first paint has happened. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The data block's attribute listing the modules to preload when it starts (space-separated hrefs). */
export const DEFERRED_PRELOADS_ATTRIBUTE = "data-preload";

/**
 * Starts the router's module once the browser has reported the first contentful paint (a paint
 * timing entry, which arrives once the frame has been presented: a frame callback alone fired
 * before the paint reached the screen on a busy machine). Every module the page needs is preloaded
 * at that moment, all at once (the hrefs of the preloads React Router wrote, kept on the data
 * block), so that the browser fetches the module graph in one round trip instead of discovering
 * it import by import. The module gets the data block's text, which the page's CSP lists by hash
 * as it lists every inline script. A browser without paint timing starts it after the next frame;
 * a page that paints nothing (a background tab) after 1.5 s.
 */
export const MODULE_STARTER = `(function(){var d=0;function s(){if(d)return;d=1;var b=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!b)return;(b.getAttribute("${DEFERRED_PRELOADS_ATTRIBUTE}")||"").split(" ").forEach(function(h){if(!h)return;var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});var m=document.createElement("script");m.type="module";m.textContent=b.textContent;document.body.appendChild(m)}try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();s()}});o.observe({type:"paint",buffered:!0})}catch(e){requestAnimationFrame(function(){setTimeout(s,0)})}setTimeout(s,1500)})()`;

/** Characters of <main> below which the footer counts as on the first screen. */
const SHORT_MAIN = 3000;

/** The glyph classes of a page's first screen: the header, the first two sections of <main> and the cookie banner. */
export function firstScreenGlyphs(html: string): Set<string> {
  const parts: string[] = [];
  const header = html.match(/<header[\s>][\s\S]*?<\/header>/);
  if (header) parts.push(header[0]);
  // A phone's first screen reaches into the second section on the shorter heroes (/contact):
  // <main> up to the end of its second top-level section, sections nested in them included.
  const main = html.indexOf("<main");
  if (main >= 0) {
    let depth = 0;
    let closed = 0;
    const mainEnd = html.indexOf("</main>", main);
    let end = mainEnd >= 0 ? mainEnd : html.length;
    for (const tag of html.slice(main, end).matchAll(/<section[\s>]|<\/section>/g)) {
      depth += tag[0] === "</section>" ? -1 : 1;
      if (depth === 0 && ++closed === 2) {
        end = main + tag.index + tag[0].length;
        break;
      }
    }
    parts.push(html.slice(main, end));
    // A page with little in <main> (a legal page not written yet, the not-found page) shows its
    // footer on a desktop's first screen.
    if (mainEnd >= 0 && mainEnd - main < SHORT_MAIN) {
      const footer = html.slice(mainEnd).match(/<footer[\s>][\s\S]*?<\/footer>/);
      if (footer) parts.push(footer[0]);
    }
  }
  // The banner element (the head's consent script names the attribute too).
  const banner = html.search(/<section[^>]* data-cookie-banner=""/);
  if (banner >= 0) parts.push(html.slice(banner, html.indexOf("</section>", banner)));
  // The menu button's icon becomes a cross when the menu opens.
  const names = new Set<string>(["glyph-x"]);
  for (const part of parts) {
    for (const match of part.matchAll(/\b((?:glyph|social)-[\w-]+)/g)) names.add(match[1]!);
  }
  return names;
}

/** The critical CSS without the icons below the first screen (they come with the full stylesheet). */
export function keepFirstScreenIcons(css: string, keep: Set<string>): string {
  return css.replace(/\.((?:glyph|social)-[\w-]+)\{[^}]*\}/g, (rule, name: string) => (keep.has(name) ? rule : ""));
}

/**
 * Drops the custom properties nothing on the page reads: Tailwind declares its theme's variables
 * and registers (`@property`) or initialises every `--tw-*` variable whatever a page uses, a fifth
 * of a page's critical CSS. The full stylesheet brings them all back when it is applied.
 */
export function dropUnreadProperties(css: string, html: string): string {
  const read = new Set<string>();
  for (const match of css.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  for (const match of html.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  return css
    .replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (read.has(name) ? rule : ""))
    .replace(/(?<=[{;])(--[\w-]+):[^;{}]*;?/g, (declaration, name: string) => (read.has(name) ? declaration : ""))
    .replace(/;}/g, "}");
}

/**
 * The rules kept for Beasties' sake (`:where(…)`, `:is(…)`, escaped variants: see allowRules)
 * none of whose classes the page uses: they cannot apply, and would weigh on every page.
 */
export function dropUnmatchedAllowed(css: string, body: string): string {
  const classes = new Set<string>();
  const entities: Record<string, string> = { "&amp;": "&", "&gt;": ">", "&lt;": "<", "&quot;": '"', "&#x27;": "'" };
  for (const attribute of body.matchAll(/class="([^"]*)"/g)) {
    for (const name of attribute[1]!.replace(/&(?:amp|gt|lt|quot|#x27);/g, (entity) => entities[entity]!).split(/\s+/)) classes.add(name);
  }
  return css.replace(/(?<=^|[{}])([^{}@]*(?::where\(|:is\(|\\\[)[^{}@]*)\{[^{}]*\}/g, (rule, selector: string) => {
    const names = [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
    // Kept when any of its classes is there: `:is(.a,.b)>.c` applies with one of them.
    return names.length === 0 || names.some((name) => classes.has(name)) ? rule : "";
  });
}

/** Takes the module preloads out of <head> and holds them and the router's module until the first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  const module = /<script(?: nonce="[^"]*")? type="module" async="">/.exec(html);
  if (!module) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"[^>]*>/g)].map((link) => link[1]!);
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*>/g, "");
  const block = preloads.length > 0 ? `<script type="${DEFERRED_MODULE_TYPE}" ${DEFERRED_PRELOADS_ATTRIBUTE}="${preloads.join(" ")}">` : `<script type="${DEFERRED_MODULE_TYPE}">`;
  return withoutPreloads
    .replace(/<script(?: nonce="[^"]*")? type="module" async="">/, block)
    .replace("</body>", `<script>${MODULE_STARTER}</script></body>`);
}

export interface FirstPaint {
  /** The page as it is cached: critical CSS inline, the rest after the first paint. */
  finish(html: string): Promise<string>;
}

/**
 * `clientDirectory` holds the client build, whose stylesheets Beasties reads. The stylesheet is
 * read once; each page's critical CSS is what the page's own elements match, so nothing is
 * restyled when the full stylesheet arrives.
 */
export function createFirstPaint(clientDirectory: string): FirstPaint {
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

  async function inlineCriticalCss(html: string) {
    const headEnd = html.indexOf("</head>");
    const links = [...html.slice(0, headEnd).matchAll(/<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g)];
    if (links.length === 0) return scriptsAfterFirstPaint(html);
    // Beasties is given the head's stylesheet links and the body: the rest of the document
    // (scripts, data) matches no selector.
    const body = html.slice(html.indexOf("<body"), html.indexOf("</body>") + 7);
    const processed = await beasties.process(`<!DOCTYPE html><html><head>${links.map((link) => link[0]).join("")}</head>${body}</html>`);
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(processed);
    if (!inlined?.[1]) return scriptsAfterFirstPaint(html);
    const critical = dropUnreadProperties(dropUnmatchedAllowed(keepFirstScreenIcons(inlined[1], firstScreenGlyphs(html)), body), html);
    const deferred = links.map(([, href]) => `<link rel="stylesheet" href="${href}" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}=""/>`).join("");
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
