import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Beasties from "beasties";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  createFirstPaint,
  criticalCssKey,
  DEFERRED_MODULE_TYPE,
  DEFERRED_EVALUATE_ATTRIBUTE,
  DEFERRED_PRELOADS_ATTRIBUTE,
  dropUnmatchedAllowed,
  dropUnreadProperties,
  firstScreenGlyphs,
  keepFirstScreenIcons,
  MODULE_STARTER,
  scriptsAfterFirstPaint,
  STYLESHEET_LOADER,
} from "./first-paint";
import { hashedPolicy, inlineScriptHashes } from "../page-cache/inline-script-hashes";

// A page shaped as React Router renders it: stylesheets and module preloads in <head>, the
// router's module script and its data at the end of <body>.
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script nonce="">window.consent=1;closest("[data-cookie-banner-closed]")</script>
<link rel="stylesheet" href="/assets/root-abc.css"/><link rel="stylesheet" href="/assets/glyphs-def.css"/>
<link rel="modulepreload" href="/assets/entry.client-1.js" nonce=""/><link rel="modulepreload" href="/assets/framework-2.js" nonce=""/>
<style>:root{--brand:#4f46e5}</style></head>
<body class="page"><header class="bar"><span class="glyph glyph-menu"></span></header>
<main><section class="hero"><h1 class="title">Hello</h1><span class="glyph glyph-arrow-right"></span></section>
<section class="later"><section class="card"><span class="glyph glyph-coins"></span></section><section class="card"><span class="glyph glyph-clock"></span></section></section><section class="last"><span class="glyph glyph-wallet"></span>${"<p>A long page.</p>".repeat(200)}</section></main>
<footer><span class="social-x"></span></footer>
<section data-cookie-banner="" class="banner"><span class="glyph glyph-cookie"></span></section>
<script nonce="">window.__context = {};</script><script nonce="" type="module" async="">import * as route0 from "/assets/root-1.js";
import("/assets/entry.client-1.js");</script></body></html>`;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "first-paint-"));
fs.mkdirSync(path.join(directory, "assets"));
fs.writeFileSync(
  path.join(directory, "assets/root-abc.css"),
  "@layer base{body{margin:0}}.page{color:var(--ink)}.bar{position:sticky}.title{font-size:2rem}.later{padding:1rem}" +
    ".never-used{color:red}.banner{position:fixed}html[data-cookie-consent] [data-cookie-banner]{display:none}" +
    ":root{--ink:#111;--unused-colour:#222}@property --tw-unread{syntax:'*';inherits:false}",
);
fs.writeFileSync(
  path.join(directory, "assets/glyphs-def.css"),
  ["menu", "arrow-right", "coins", "cookie", "wallet"].map((name) => `.glyph-${name}{--icon:url("data:image/svg+xml,${name}")}`).join("") +
    '.social-x{--icon:url("data:image/svg+xml,x")}',
);
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("first paint", () => {
  it("finds the first screen's icons: the header, the first two sections of <main> and the cookie banner", () => {
    expect([...firstScreenGlyphs(page)].sort()).toEqual([
      "glyph-arrow-right",
      "glyph-clock",
      "glyph-coins",
      "glyph-cookie",
      "glyph-menu",
      "glyph-x",
    ]);
  });

  it("looks no further than <main> when it has fewer than two sections, unless <main> is short (the footer shows)", () => {
    const filler = "<p>text</p>".repeat(400);
    const long = `<main><section><span class="glyph-a"></span>${filler}</section></main><footer><span class="social-x"></span></footer>`;
    expect([...firstScreenGlyphs(long)].sort()).toEqual(["glyph-a", "glyph-x"]);
    const short = '<main><section><span class="glyph-a"></span></section></main><footer><span class="social-x"></span></footer>';
    expect([...firstScreenGlyphs(short)].sort()).toEqual(["glyph-a", "glyph-x", "social-x"]);
  });

  it("keeps only those icons' rules", () => {
    const css = '.a{b:c}.glyph-menu{--icon:url("m")}.glyph-coins{--icon:url("c")}.social-x{--icon:url("x")}';
    expect(keepFirstScreenIcons(css, new Set(["glyph-menu"]))).toBe('.a{b:c}.glyph-menu{--icon:url("m")}');
  });

  it("drops the always-kept rules whose classes the page does not use", () => {
    const css =
      ":where(.space-y-4>:not(:last-child)){margin:1px}:where(.space-y-8>:not(:last-child)){margin:2px}.\\[\\&\\>\\.glyph\\]\\:size-4>.glyph{width:1rem}.a{b:c}[hidden]:where(:not([hidden=until-found])){display:none}";
    expect(
      dropUnmatchedAllowed(css, '<ul class="space-y-4"><li class="[&amp;&gt;.glyph]:size-4 x"><span class="glyph"></span></li></ul>'),
    ).toBe(
      ":where(.space-y-4>:not(:last-child)){margin:1px}.\\[\\&\\>\\.glyph\\]\\:size-4>.glyph{width:1rem}.a{b:c}[hidden]:where(:not([hidden=until-found])){display:none}",
    );
  });

  it("drops custom properties nothing reads", () => {
    const css =
      ":root{--read:1px;--unread:2px;--also-read:3px}@property --unread{syntax:'*'}@property --read{syntax:'*'}.a{margin:var(--read)}";
    expect(dropUnreadProperties(css, '<p style="padding:var(--also-read)"></p>')).toBe(
      ":root{--read:1px;--also-read:3px}@property --read{syntax:'*'}.a{margin:var(--read)}",
    );
  });

  it("takes the module preloads out and holds them and the router's module until the first paint", () => {
    const html = scriptsAfterFirstPaint(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // The starter preloads them all at once when it starts the module.
    expect(html).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" ${DEFERRED_PRELOADS_ATTRIBUTE}="/assets/entry.client-1.js /assets/framework-2.js" ` +
        // Each evaluated in a task of its own first; the entry, which the block imports, hydrates last.
        `${DEFERRED_EVALUATE_ATTRIBUTE}="/assets/framework-2.js">import * as route0`,
    );
    expect(html).toContain(`<script>${MODULE_STARTER}</script></body>`);
  });

  it("inlines the CSS the page's elements use and defers every stylesheet", async () => {
    const html = await createFirstPaint(directory).finish(page);
    const head = html.slice(0, html.indexOf("</head>"));
    const critical = /<style>([\s\S]*?)<\/style>/.exec(head)![1]!;
    expect(critical).toContain(".bar{position:sticky}");
    expect(critical).toContain(".later{padding:1rem}");
    expect(critical).toContain("html[data-cookie-consent] [data-cookie-banner]{display:none}");
    expect(critical).toContain("--ink:#111");
    expect(critical).not.toContain("never-used");
    expect(critical).not.toContain("--unused-colour");
    expect(critical).not.toContain("--tw-unread");
    expect(critical).toContain(".glyph-menu{");
    expect(critical).toContain(".glyph-cookie{");
    expect(critical).toContain(".glyph-coins{");
    expect(critical).not.toContain(".glyph-wallet{");
    expect(critical).not.toContain(".social-x{");
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/root-abc.css" media="print" data-deferred-stylesheet=""/>' +
        '<link rel="stylesheet" href="/assets/glyphs-def.css" media="print" data-deferred-stylesheet=""/>' +
        '<noscript><link rel="stylesheet" href="/assets/root-abc.css"/><link rel="stylesheet" href="/assets/glyphs-def.css"/></noscript>' +
        `<script>${STYLESHEET_LOADER}</script>`,
    );
    expect(head.match(/rel="stylesheet"/g)).toHaveLength(4);
    // The rest of the page is React's markup, byte for byte.
    expect(html).toContain('<body class="page"><header class="bar"><span class="glyph glyph-menu"></span></header>');
    expect(html).toContain("<style>:root{--brand:#4f46e5}</style></head>");
    // The loaders are inline scripts, so the cached page's policy lists them by hash, the router's
    // deferred module too: the starter runs it.
    const policy = hashedPolicy("script-src 'self' 'nonce-x'", html);
    for (const hash of inlineScriptHashes(html)) expect(policy).toContain(hash);
    const deferred = /<script type="text\/x-deferred-module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(policy).toContain(`'sha256-${createHash("sha256").update(deferred).digest("base64")}'`);
    expect(inlineScriptHashes(html)).toHaveLength(5);
  });

  it("leaves a page without a stylesheet of its own as it is, scripts aside", async () => {
    const bare = "<html><head></head><body><p>x</p></body></html>";
    expect(await createFirstPaint(directory).finish(bare)).toBe(bare);
  });

  it("keeps the render-blocking stylesheet when the critical CSS cannot be computed", async () => {
    const html = await createFirstPaint(path.join(directory, "missing")).finish(page);
    expect(html).not.toContain("data-deferred-stylesheet");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-abc.css"/>');
  });

  it("computes a page's critical CSS once per structure: a save that changes words reuses it", async () => {
    const process = vi.spyOn(Beasties.prototype, "process");
    try {
      const firstPaint = createFirstPaint(directory);
      const reworded = page.replace('<h1 class="title">Hello</h1>', '<h1 class="title">Welcome back</h1>');
      const first = await firstPaint.finish(page);
      const second = await firstPaint.finish(reworded);
      expect(process).toHaveBeenCalledTimes(1);
      // The same bytes as a page computed afresh.
      expect(second).toBe(await createFirstPaint(directory).finish(reworded));
      expect(second).toContain("Welcome back");
      expect(first.slice(0, first.indexOf("</head>"))).toBe(second.slice(0, second.indexOf("</head>")));
      // New markup (an element with another class) is computed again.
      await firstPaint.finish(page.replace('<section class="later">', '<section class="later never-used">'));
      expect(process).toHaveBeenCalledTimes(3);
    } finally {
      process.mockRestore();
    }
  });

  it("keys the structure on markup, not words; an emptied element or a script's data counts as it should", () => {
    const key = (html: string) => criticalCssKey(html, ["<link>"], html.slice(html.indexOf("<body")));
    expect(key(page.replace("Hello", "Bonjour"))).toBe(key(page));
    expect(key(page.replace("window.__context = {};", "window.__context = {a:1};"))).toBe(key(page));
    expect(key(page.replace("Hello", ""))).not.toBe(key(page));
    expect(key(page.replace('class="title"', 'class="title wide"'))).not.toBe(key(page));
    // An attribute no selector names (an aria-label, a link) counts only when told which ones do.
    const labelled = (label: string) =>
      page.replace('<h1 class="title">', `<h1 class="title" aria-label="${label}" data-state="${label}">`);
    const attributeKey = (html: string) => criticalCssKey(html, ["<link>"], html.slice(html.indexOf("<body")), new Set(["data-state"]));
    expect(key(labelled("a"))).not.toBe(key(labelled("b")));
    expect(attributeKey(labelled("a"))).not.toBe(attributeKey(labelled("b")));
    expect(attributeKey(labelled("a").replace('data-state="a"', 'data-state="b"'))).toBe(attributeKey(labelled("b")));
  });
});
