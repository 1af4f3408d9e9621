import { describe, expect, it } from "vitest";
import { sanitizeLegalHtml } from "./sanitize.server";

describe("legal HTML sanitiser", () => {
  it("keeps everything the editor's toolbar produces", () => {
    const html = [
      "<h1>Terms</h1><h2>A</h2><h3>B</h3><h4>C</h4><h5>D</h5><h6>E</h6>",
      '<p class="ql-align-center">Centred <strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s><br /></p>',
      '<p class="ql-indent-2 ql-align-right">Indented</p>',
      "<ol><li>one</li><li>two</li></ol><ul><li>bullet</li></ul>",
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">site</a></p>',
    ].join("");
    expect(sanitizeLegalHtml(html)).toBe(html);
  });

  it.each([
    ["https://example.com", true],
    ["http://example.com/x?y=1", true],
    ["mailto:legal@example.com", true],
    ["tel:+442079460958", true],
    ["/privacy", true],
    ["privacy#section-2", true],
    ["javascript:alert(1)", false],
    ["JaVaScRiPt:alert(1)", false],
    [" javascript:alert(1)", false],
    ["java\tscript:alert(1)", false],
    ["&#106;avascript:alert(1)", false],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", false],
    ["vbscript:msgbox(1)", false],
    ["//evil.example/x", false],
    ["/\\evil.example/x", false],
    ["\\\\evil.example/x", false],
  ])("a link to %j is kept: %s", (href, kept) => {
    const out = sanitizeLegalHtml(`<p><a href="${href}">link</a></p>`);
    if (kept) expect(out).toContain("href=");
    else expect(out).toBe("<p><a>link</a></p>");
  });

  it.each([
    ["<script>alert(1)</script><p>x</p>", "<p>x</p>"],
    ['<img src="x" onerror="alert(1)"><p>x</p>', "<p>x</p>"],
    ['<p onclick="alert(1)" style="color:red" id="a">x</p>', "<p>x</p>"],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', "<p>x</p>"],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg><p>x</p>', "<p>x</p>"],
    ["<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ['<form action="https://evil.example"><input name="a"><button>go</button></form><p>x</p>', "go<p>x</p>"],
    ['<object data="x.swf"></object><embed src="x.swf"><p>x</p>', "<p>x</p>"],
    ['<p class="ql-indent-1 evil-class">x</p>', '<p class="ql-indent-1">x</p>'],
    ['<a href="/ok" target="_top" onmouseover="alert(1)">x</a>', '<a href="/ok">x</a>'],
    ['<a href="/ok" target="_blank" rel="opener">x</a>', '<a href="/ok" target="_blank" rel="noopener noreferrer">x</a>'],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["<p>1 &lt; 2 &amp; <b>bold</b></p>", "<p>1 &lt; 2 &amp; bold</p>"],
  ])("neutralises %j", (input, expected) => {
    expect(sanitizeLegalHtml(input)).toBe(expected);
  });
});
