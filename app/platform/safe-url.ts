// One parser for every address an administrator types into the product (canonical addresses,
// menu items, page links, buttons, images, redirect targets, settings): each is parsed once and
// classified as a path of this site, a landing page named by its id, or an address elsewhere.
// Browsers drop tabs and newlines inside a URL and read `\` as `/`, so `/\evil.example` and
// `/<TAB>/evil.example` lead to another host just as `//evil.example` does: whitespace,
// backslashes and control or format characters are refused anywhere in the value, and a path is
// resolved against the site the way a browser would and must still be on the site.
// No server-only imports: the schemas the dashboard's forms share use it too.

/** The placeholder origin paths are resolved against (`.invalid` is never a real host). */
const SITE = "https://site.invalid";
const UNSAFE = /[\s\\\p{Cc}\p{Cf}]/u;
const PAGE_REFERENCE = /^page:(\d{1,9})$/;

export type SafeUrl =
  /** A path of this site: `path` is its pathname as a browser resolves it (dot segments removed). */
  | { kind: "internal"; href: string; path: string }
  /** A landing page named by its id (`page:12`): it follows the page when its address changes. */
  | { kind: "page"; href: string; id: number }
  | { kind: "external"; href: string; url: URL };

export interface SafeUrlRules {
  /** Schemes accepted for addresses elsewhere (`http:`, `https:`); none means paths of this site only. */
  external?: readonly string[];
  /** Accepts `page:12`. */
  pageReference?: boolean;
  maxLength?: number;
}

/** The value as a safe address under the rules, or undefined when it is not one. */
export function parseSafeUrl(value: string, rules: SafeUrlRules = {}): SafeUrl | undefined {
  if (!value || value.length > (rules.maxLength ?? 2_000) || UNSAFE.test(value)) return undefined;
  const reference = PAGE_REFERENCE.exec(value);
  if (reference) return rules.pageReference ? { kind: "page", href: value, id: Number(reference[1]) } : undefined;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return undefined;
  }
  // A path must still be on the site once resolved as a browser would (`//host` is not).
  if (value[0] === "/") return value[1] !== "/" && url.origin === SITE ? { kind: "internal", href: value, path: url.pathname } : undefined;
  // An address elsewhere spelled in full (`https:evil.example` and `javascript:` are not), without
  // credentials: `https://site.example@evil.example` reads as the site but leads elsewhere.
  return /^https?:\/\/[^/?#]/i.test(value) && rules.external?.includes(url.protocol) && !url.username && !url.password
    ? { kind: "external", href: value, url }
    : undefined;
}

export const isSafeUrl = (value: string, rules: SafeUrlRules = {}) => parseSafeUrl(value, rules) !== undefined;

/** Rules the product's fields use. */
export const urlRules = {
  /** A link a visitor follows: a path of this site or an http(s) address. */
  link: { external: ["http:", "https:"] },
  /** The same, or a landing page by its id. */
  linkOrPage: { external: ["http:", "https:"], pageReference: true },
  /** A path of this site or a landing page by its id (menus). */
  sitePathOrPage: { pageReference: true },
  /** A canonical address or an image: a path of this site or an https address. */
  httpsOrPath: { external: ["https:"] },
} as const satisfies Record<string, SafeUrlRules>;

const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

/** An image's address: a file from the upload pipeline (`/uploads/…`) or an https address. */
export function isImageUrl(value: string, maxLength = 500): boolean {
  const parsed = parseSafeUrl(value, { ...urlRules.httpsOrPath, maxLength });
  if (parsed?.kind === "external") return !/["']/.test(value);
  return parsed?.kind === "internal" && UPLOAD_PATH.test(value);
}
