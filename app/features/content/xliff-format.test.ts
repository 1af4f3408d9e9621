import { describe, expect, it } from "vitest";
import { xliffMessages } from "./translation-schema";
import { readXliff, writeXliff, XliffFileError, type XliffDocument } from "./xliff-format";

const document: XliffDocument = {
  srcLang: "en",
  trgLang: "de",
  original: "site:abc",
  units: [
    {
      id: "home/hero_title",
      name: "home · hero_title",
      notes: [{ category: "format", text: "plain text" }],
      source: "Fees & <more>",
      target: "Gebühren & mehr\nzweite Zeile",
    },
    { id: "home/hero_subtitle", source: "Not translated" },
    { id: "terms/page_content", source: "<p>Terms</p>", target: '<p>Bedingungen <a href="/fees">Gebühren</a></p>' },
  ],
};

const unit = (target: string) =>
  `<?xml version="1.0"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f" original="site:abc"><unit id="home/hero_title"><segment><source>a</source><target>${target}</target></segment></unit></file></xliff>`;

describe("XLIFF 2.0 files", () => {
  it("reads back what it writes: HTML travels as text, untranslated units have no target", () => {
    const text = writeXliff(document);
    expect(text).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">');
    expect(text).toContain("&lt;p&gt;Terms&lt;/p&gt;");
    expect(text).toContain('<segment state="initial">');
    expect(readXliff(text)).toEqual({
      srcLang: "en",
      trgLang: "de",
      original: "site:abc",
      fileIds: ["content"],
      units: [
        { id: "home/hero_title", target: "Gebühren & mehr\nzweite Zeile" },
        { id: "home/hero_subtitle", target: undefined },
        { id: "terms/page_content", target: '<p>Bedingungen <a href="/fees">Gebühren</a></p>' },
      ],
      problems: [],
    });
  });

  it("writes and reads the file's id that binds a release's file to its release", () => {
    const text = writeXliff({ ...document, fileId: "release-12" });
    expect(text).toContain('<file id="release-12" original="site:abc">');
    expect(readXliff(text).fileIds).toEqual(["release-12"]);
  });

  it("decodes character references and CDATA, drops comments", () => {
    expect(readXliff(unit("&#228;&#x00FC; &quot;x&apos; <![CDATA[<b>as text</b>]]><!-- a note -->")).units).toEqual([
      { id: "home/hero_title", target: "äü \"x' <b>as text</b>" },
    ]);
  });

  it("refuses a unit's inline markup, unknown entities and control characters, naming the unit", () => {
    for (const [target, message] of [
      ['Hallo <ph id="1"/>', xliffMessages.markup],
      ["<script>alert(1)</script>", xliffMessages.markup],
      ["&nbsp;", xliffMessages.badCharacters],
      ["&#0;", xliffMessages.badCharacters],
      ["&#x1;", xliffMessages.badCharacters],
      ["&#xD800;", xliffMessages.badCharacters],
    ] as const)
      expect(readXliff(unit(target)).problems, target).toEqual([{ id: "home/hero_title", message }]);
  });

  it("refuses a unit split into several segments", () => {
    const split = unit("a").replace("</segment>", "</segment><segment><source>b</source><target>c</target></segment>");
    expect(readXliff(split).problems).toEqual([{ id: "home/hero_title", message: xliffMessages.segments }]);
  });

  it("refuses files that are not XLIFF 2.0: a document type (entities), other XML, XLIFF 1.2, broken XML", () => {
    for (const text of [
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><xliff>&b;</xliff>',
      "<html><body>Hallo</body></html>",
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="x"/></xliff>',
      unit("a").replace("</xliff>", ""),
      "not xml at all",
      unit("a").replace(
        "<file",
        '<file id="g" original="site:other"><unit id="x"><segment><source>a</source></segment></unit></file><file',
      ),
    ])
      expect(() => readXliff(text), text).toThrow(XliffFileError);
  });
});
