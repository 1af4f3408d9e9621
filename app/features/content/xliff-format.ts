// XLIFF 2.0 (OASIS, urn:oasis:names:tc:xliff:document:2.0) as the translation export and import
// write and read it: one <file> per site, one <unit> per content key (its id is the key), one
// <segment> with the source and, when translated, the target. Texts are plain character data:
// a legal page's HTML travels escaped, as text, so a translation tool never meets markup it could
// break. Reading refuses what a translation tool should never produce here: a document type
// declaration (entities that expand), inline elements inside a text, unknown entities,
// control characters.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { xliffMessages } from "./translation-schema";

export const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0";

export interface XliffUnit {
  id: string;
  /** A hint for translators: the page and the kind of text. */
  name?: string;
  notes?: { category: string; text: string }[];
  source: string;
  /** Absent: not translated yet. */
  target?: string;
}

export interface XliffDocument {
  srcLang: string;
  trgLang: string;
  /** Which site the texts belong to. */
  original: string;
  /** The <file> id: what the texts are (a locale's, `content`; a release's, `release-<id>`). */
  fileId?: string;
  units: XliffUnit[];
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** The document as XLIFF 2.0 text. */
export function writeXliff(document: XliffDocument): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${escapeAttribute(document.srcLang)}" trgLang="${escapeAttribute(document.trgLang)}">`,
    `  <file id="${escapeAttribute(document.fileId ?? "content")}" original="${escapeAttribute(document.original)}">`,
  ];
  for (const unit of document.units) {
    lines.push(`    <unit id="${escapeAttribute(unit.id)}"${unit.name ? ` name="${escapeAttribute(unit.name)}"` : ""}>`);
    if (unit.notes?.length) {
      lines.push(`      <notes>`);
      for (const note of unit.notes)
        lines.push(`        <note category="${escapeAttribute(note.category)}">${escapeText(note.text)}</note>`);
      lines.push(`      </notes>`);
    }
    lines.push(`      <segment state="${unit.target === undefined ? "initial" : "translated"}">`);
    lines.push(`        <source xml:space="preserve">${escapeText(unit.source)}</source>`);
    if (unit.target !== undefined) lines.push(`        <target xml:space="preserve">${escapeText(unit.target)}</target>`);
    lines.push(`      </segment>`, `    </unit>`);
  }
  lines.push(`  </file>`, `</xliff>`, "");
  return lines.join("\n");
}

/** A whole-file refusal (the file is not one this site can read). */
export class XliffFileError extends Error {}

/** A unit's text that cannot be taken, with the message to show beside it. */
export interface XliffUnitProblem {
  id: string;
  message: string;
}

export interface ReadXliff {
  srcLang: string;
  trgLang: string;
  original: string;
  /** Every <file>'s id, in order. */
  fileIds: string[];
  /** Units read, each with its target (undefined: none, or empty). */
  units: { id: string; target: string | undefined }[];
  /** Units whose text could not be read at all. */
  problems: XliffUnitProblem[];
}

const NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>;
// Tab, line feed and carriage return are the only control characters a text may hold.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;

/**
 * An element's raw content as text: entities decoded, CDATA unwrapped, comments dropped; an
 * element inside it (inline markup) or an unknown entity is a problem of that unit.
 */
function decodeContent(raw: string): { text: string } | { problem: string } {
  let text = "";
  let index = 0;
  while (index < raw.length) {
    const character = raw[index]!;
    if (raw.startsWith("<![CDATA[", index)) {
      const end = raw.indexOf("]]>", index);
      if (end < 0) return { problem: xliffMessages.markup };
      text += raw.slice(index + 9, end);
      index = end + 3;
    } else if (raw.startsWith("<!--", index)) {
      const end = raw.indexOf("-->", index);
      if (end < 0) return { problem: xliffMessages.markup };
      index = end + 3;
    } else if (character === "<") {
      return { problem: xliffMessages.markup };
    } else if (character === "&") {
      const match = /^&(?:([a-z]+)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/.exec(raw.slice(index, index + 12));
      if (!match) return { problem: xliffMessages.badCharacters };
      if (match[1] !== undefined) {
        const named = NAMED[match[1]];
        if (named === undefined) return { problem: xliffMessages.badCharacters };
        text += named;
      } else {
        const codePoint = match[2] !== undefined ? Number(match[2]) : parseInt(match[3]!, 16);
        if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff))
          return { problem: xliffMessages.badCharacters };
        text += String.fromCodePoint(codePoint);
      }
      index += match[0].length;
    } else {
      text += character;
      index += 1;
    }
  }
  if (CONTROL.test(text)) return { problem: xliffMessages.badCharacters };
  return { text };
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const attribute = (node: unknown, name: string) => {
  const value = node && typeof node === "object" ? (node as Record<string, unknown>)[`@${name}`] : undefined;
  if (typeof value !== "string") return undefined;
  const decoded = decodeContent(value);
  return "text" in decoded ? decoded.text : undefined;
};

/** Reads an XLIFF 2.0 file; throws XliffFileError when it is not one (the message says why). */
export function readXliff(text: string): ReadXliff {
  // A document type declaration may declare entities that expand without end: never read one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XliffFileError(xliffMessages.notXliff);
  if (XMLValidator.validate(text) !== true) throw new XliffFileError(xliffMessages.notXliff);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    // Texts are read as written and decoded here, so inline markup is seen, not flattened.
    stopNodes: ["*.source", "*.target"],
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  let root: Record<string, unknown>;
  try {
    root = parser.parse(text) as Record<string, unknown>;
  } catch {
    throw new XliffFileError(xliffMessages.notXliff);
  }
  const xliff = root.xliff as Record<string, unknown> | undefined;
  if (
    !xliff ||
    typeof xliff !== "object" ||
    attribute(xliff, "xmlns") !== XLIFF_NAMESPACE ||
    !attribute(xliff, "version")?.startsWith("2.")
  )
    throw new XliffFileError(xliffMessages.notXliff);
  const files = asArray(xliff.file as unknown);
  const originals = new Set(files.map((file) => attribute(file, "original") ?? ""));
  if (files.length === 0 || originals.size !== 1) throw new XliffFileError(xliffMessages.notXliff);
  const result: ReadXliff = {
    srcLang: attribute(xliff, "srcLang") ?? "",
    trgLang: attribute(xliff, "trgLang") ?? "",
    original: [...originals][0]!,
    fileIds: files.map((file) => attribute(file, "id") ?? ""),
    units: [],
    problems: [],
  };
  for (const file of files) {
    for (const unit of asArray((file as Record<string, unknown>).unit)) {
      const id = attribute(unit, "id");
      if (!id) throw new XliffFileError(xliffMessages.notXliff);
      const segments = asArray((unit as Record<string, unknown>).segment);
      if (segments.length !== 1) {
        result.problems.push({ id, message: segments.length === 0 ? xliffMessages.notXliff : xliffMessages.segments });
        continue;
      }
      const raw = (segments[0] as Record<string, unknown>).target;
      const content =
        typeof raw === "string"
          ? raw
          : raw && typeof raw === "object"
            ? String((raw as Record<string, unknown>)["#text"] ?? "")
            : undefined;
      if (content === undefined) {
        result.units.push({ id, target: undefined });
        continue;
      }
      const decoded = decodeContent(content);
      if ("problem" in decoded) result.problems.push({ id, message: decoded.problem });
      else result.units.push({ id, target: decoded.text === "" ? undefined : decoded.text });
    }
  }
  return result;
}
