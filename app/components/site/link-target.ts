import { parseSafeUrl } from "~/platform/safe-url";

export type LinkTarget =
  /** A page of this site: navigated by the router. */
  | { kind: "route"; href: string }
  /** Anything the browser must load itself: another site, a file, mail, a phone number. */
  | { kind: "document"; href: string; external: boolean };

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// Files (uploads, images, documents) are not routes: the browser must fetch them.
const FILE_PATH = /^\/uploads\/|\.[a-z0-9]{2,5}$/i;
const BARE_DOMAIN = /^[\w-]+(\.[\w-]+)+([/?#]|$)/;

/**
 * Where a stored URL leads. URLs come from editable content, so anything that is not a page
 * path, http(s), mailto or tel (such as `javascript:`) is replaced by the home page.
 */
export function resolveLink(url: string | undefined): LinkTarget {
  const value = (url ?? "").trim();
  if (value === "") return { kind: "route", href: "/" };
  if (value.startsWith("//")) return { kind: "document", href: `https:${value}`, external: true };
  if (value.startsWith("#") || value.startsWith("?")) return { kind: "document", href: value, external: false };
  if (value.startsWith("/")) {
    // `/\evil.example` or `/<TAB>/evil.example` would leave the site: such a path leads home.
    if (!parseSafeUrl(value)) return { kind: "route", href: "/" };
    return FILE_PATH.test(value.split(/[?#]/)[0]!) ? { kind: "document", href: value, external: false } : { kind: "route", href: value };
  }
  if (SAFE_SCHEME.test(value)) return { kind: "document", href: value, external: /^https?:/i.test(value) };
  if (ANY_SCHEME.test(value)) return { kind: "route", href: "/" };
  if (BARE_DOMAIN.test(value)) return { kind: "document", href: `https://${value}`, external: true };
  return { kind: "route", href: `/${value}` };
}

/**
 * On the server only: a link's address in the request's locale (`/fees` on a German page is
 * `/de/fees`), set by the server's entry (entry.server.tsx). The browser keeps the address the
 * server rendered, and its bundle leaves this out.
 */
export const serverLinks = { localize: (href: string) => href };
