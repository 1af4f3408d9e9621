import { createHash } from "node:crypto";

// Most inline scripts are the same on every rendering of a page (the consent script, the router's
// start-up code and data): their hashes are remembered rather than computed for each uncached
// request.
const scriptHashes = new Map<string, string>();
const REMEMBERED_SCRIPTS = 256;

function scriptHash(source: string) {
  let hash = scriptHashes.get(source);
  if (hash === undefined) {
    hash = `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
    if (scriptHashes.size >= REMEMBERED_SCRIPTS) scriptHashes.clear();
    // NOTE: a regular expression's match is a view into the whole page; the key is a copy of
    // the script alone, or each remembered script would keep its page in memory.
    scriptHashes.set((" " + source).slice(1), hash);
  }
  return hash;
}

/**
 * JSON data blocks (the page's JSON-LD): a browser never runs them and nothing on the page turns
 * them into scripts, so script-src does not apply and a hash would be bytes spent on every answer
 * for nothing. Every other inline script is hashed, whatever its type: the module starter's block
 * (`text/x-deferred-module`) is data when the page arrives and a module once the starter runs it.
 */
const JSON_DATA = /^application\/(?:[\w.-]+\+)?json$/i;

function isJsonData(attributes: string) {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  return type !== null && JSON_DATA.test((type[1] ?? type[2] ?? type[3] ?? "").trim());
}

/** sha256 source hashes of the page's inline scripts but its JSON data, for a CSP that needs no per-request nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!isJsonData(match[1] ?? "")) hashes.add(scriptHash(match[2] ?? ""));
  }
  return [...hashes];
}

/** The page's policy with the nonce source replaced by the hashes of its own inline scripts. */
export function hashedPolicy(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html).join(" ");
  return policy.replace(/'nonce-[^']*'/, hashes || "");
}
