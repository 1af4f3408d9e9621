import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { PageCacheRule } from "~/platform/page-cache-handle";

/** Where the cache renders its one copy of the not-found page: a path no page will ever take. */
export const NOT_FOUND_RENDER_PATH = "/__page-cache/not-found";
export const NOT_FOUND_KEY = "404";

/** A request the page cache answers: a page's copy, the not-found copy, or a redirect. */
export type PageRequest =
  | { kind: "page" | "not-found"; key: string; render: string; status: 200 | 404; path: string }
  | { kind: "redirect"; location: string; status?: number; hit?: () => void };

/** Addresses no route declares but the site answers: landing pages and redirects (app/features/pages). */
export type AddressLookup = (
  pathname: string,
  query: string,
) => { kind: "page" } | { kind: "redirect"; location: string; status: number; hit?: () => void } | undefined;

interface Entry {
  rule: PageCacheRule | undefined;
  /** The locale of a route under a locale's prefix (its id ends in `@de`). */
  locale?: string;
  /** The route's own path, the one copy every spelling of it is served. */
  canonical?: string;
}

/**
 * The address a URL with a trailing slash or doubled slashes has (the query kept), or undefined
 * when it has neither. A backslash is escaped: browsers read `/\host` as `//host`, another site.
 */
export function canonicalRedirect(url: string): string | undefined {
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  if (pathname === "/" || !(pathname.endsWith("/") || pathname.includes("//"))) return undefined;
  let canonical = pathname.replace(/\/{2,}/g, "/");
  if (canonical.length > 1 && canonical.endsWith("/")) canonical = canonical.slice(0, -1);
  canonical = canonical.replace(/\\/g, "%5C");
  return canonical + (queryAt < 0 ? "" : url.slice(queryAt));
}

/** The path as React Router matches it: each segment decoded, an encoded slash kept encoded. */
function decodePath(pathname: string): string | undefined {
  if (!pathname.includes("%")) return pathname;
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Only the parameters the page declares, in its order: the part of the query in the cache key. */
export function declaredQuery(query: string, names: readonly string[]): string {
  if (names.length === 0 || query === "") return "";
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of names) for (const value of given.getAll(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** A landing page's copy (campaign query strings share it) or a redirect, for a path no route declares. */
function lookupAddress(addresses: AddressLookup | undefined, pathname: string, rawPath: string, query: string): PageRequest | undefined {
  const address = addresses?.(pathname, query);
  if (address?.kind === "redirect") return address;
  if (address?.kind !== "page") return undefined;
  const key = pathname.toLowerCase();
  return { kind: "page", key, render: key, status: 200, path: rawPath };
}

/** The locale of a route in a locale's copy of the public pages (app/routes.ts: its id ends in `@de`). */
const localeOfRoute = (id: string) => /@([a-z-]+)$/i.exec(id)?.[1];

/**
 * A route under a locale's prefix: the site's one 404 while the locale is not served (not
 * switched on, or the default's); under a served prefix, a landing page's version in that
 * locale (`/de/aktion`, its own copy) or its own 404 copy for an unknown path; undefined for a
 * page, keyed on its path like any.
 */
function localeAnswer(
  entry: Entry,
  rawPath: string,
  servesLocale: ((code: string) => boolean) | undefined,
  address: () => PageRequest | undefined,
): PageRequest | undefined {
  if (entry.locale === undefined) return undefined;
  const notFound = { kind: "not-found", key: NOT_FOUND_KEY, render: NOT_FOUND_RENDER_PATH, status: 404, path: rawPath } as const;
  if (!servesLocale?.(entry.locale)) return notFound;
  if (!entry.rule?.notFound) return undefined;
  const found = address();
  if (found) return found;
  return { ...notFound, key: `${NOT_FOUND_KEY}@${entry.locale}`, render: `/${entry.locale}${NOT_FOUND_RENDER_PATH}` };
}

export interface PageRoutes {
  classify(method: string | undefined, url: string | undefined): PageRequest | undefined;
}

export interface PageRoutesOptions {
  /** Paths the server answers before the router (`/healthz`; a prefix ends with a slash). */
  reserved?: readonly string[];
  /** Files of the client build served at their path (`/favicon.png`), never the not-found page. */
  files?: ReadonlySet<string>;
  /** Consulted before the not-found answer, from memory: a landing page's copy or a redirect. */
  addresses?: AddressLookup;
  /** Whether a locale's prefix is served now (app/features/locales/routing.server.ts); without it, none is. */
  servesLocale?: (code: string) => boolean;
}

/**
 * What the page cache answers, read from the route table: a route whose `handle` declares
 * `pageCache` (app/platform/page-cache-handle.ts) is served from the cache, keyed on its path and the
 * query parameters it declares. Matching follows React Router's: case-insensitive, segments
 * decoded, a static path before a dynamic one before a catch-all.
 */
export function createPageRoutes(routes: ServerBuild["routes"], options: PageRoutesOptions = {}): PageRoutes {
  const reserved = options.reserved ?? [];
  const files = options.files ?? new Set<string>();
  const statics = new Map<string, Entry & { index: boolean }>();
  const dynamic: (Entry & { pattern: RegExp })[] = [];
  const splats: (Entry & { prefix: string })[] = [];

  const fullPaths = new Map<string, string>();
  function fullPath(id: string): string {
    let full = fullPaths.get(id);
    if (full === undefined) {
      const route = routes[id]!;
      const parent = route.parentId ? fullPath(route.parentId) : "";
      full = route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
      fullPaths.set(id, full);
    }
    return full;
  }

  for (const [id, route] of Object.entries(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const full = fullPath(id).toLowerCase();
    const rule = (route.module.handle as { pageCache?: PageCacheRule } | undefined)?.pageCache;
    if (full.endsWith("*")) {
      splats.push({ rule, prefix: full.slice(0, -1), locale: localeOfRoute(id) });
    } else if (full.includes(":")) {
      const source = full
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? (segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : segment && `/${escapeRegExp(segment)}`,
        )
        .join("");
      dynamic.push({ rule, pattern: new RegExp(`^${source || "/"}$`) });
    } else {
      // A layout and its index share a path; the index is the page React Router renders there.
      const index = route.index === true;
      if (!statics.get(full)?.index || index) statics.set(full, { rule, canonical: full, index, locale: localeOfRoute(id) });
    }
  }
  splats.sort((a, b) => b.prefix.length - a.prefix.length);

  function match(pathname: string): Entry | undefined {
    const lookup = pathname.toLowerCase();
    return (
      statics.get(lookup) ??
      dynamic.find((entry) => entry.pattern.test(lookup)) ??
      splats.find((entry) => lookup.startsWith(entry.prefix) || `${lookup}/` === entry.prefix)
    );
  }

  return {
    classify(method, url) {
      if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return undefined;
      const queryAt = url.indexOf("?");
      const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
      for (const prefix of reserved) {
        if (prefix.endsWith("/") ? rawPath.startsWith(prefix) : rawPath === prefix) return undefined;
      }
      // React Router's own requests: a navigation's data and the lazy route manifest.
      if (rawPath.endsWith(".data") || rawPath === "/__manifest") return undefined;
      if (!rawPath.startsWith("/api/")) {
        const location = canonicalRedirect(url);
        if (location) return { kind: "redirect", location };
      }
      const pathname = decodePath(rawPath);
      if (pathname === undefined || files.has(pathname)) return undefined;
      const entry = match(pathname);
      if (!entry?.rule) return undefined;
      const address = () => lookupAddress(options.addresses, pathname, rawPath, queryAt < 0 ? "" : url.slice(queryAt + 1));
      const inLocale = localeAnswer(entry, rawPath, options.servesLocale, address);
      if (inLocale) return inLocale;
      if (entry.rule.notFound)
        return address() ?? { kind: "not-found", key: NOT_FOUND_KEY, render: NOT_FOUND_RENDER_PATH, status: 404, path: rawPath };
      const key = (entry.canonical ?? rawPath) + declaredQuery(queryAt < 0 ? "" : url.slice(queryAt + 1), entry.rule.query ?? []);
      return { kind: "page", key, render: key, status: 200, path: rawPath };
    },
  };
}

/** The files of a client build (outside its hashed assets), by the path they are served at. */
export function listPublicFiles(directory: string | undefined): Set<string> {
  const files = new Set<string>();
  if (!directory || !fs.existsSync(directory)) return files;
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith("assets/")) files.add(`/${relative}`);
  }
  return files;
}
