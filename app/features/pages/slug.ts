import { servedPaths } from "virtual:served-paths";
import { isSafeUrl, urlRules } from "~/platform/safe-url";
import { addressKey } from "./address-key";
import { publicPagePaths } from "~/features/seo/public-pages.js";

/** Why an address is refused, as the editor shows it next to the field. */
export const slugMessages = {
  required: "Укажите адрес страницы",
  start: "Адрес начинается с /",
  characters: "Только строчные латинские буквы, цифры и дефисы между косыми чертами",
  dots: "Адрес не может содержать ..",
  tooLong: "Адрес слишком длинный",
  reserved: "Этот адрес занят разделом сайта",
  route: "Этот адрес занят страницей сайта",
  page: "Этот адрес уже занят другой страницей",
  redirect: "С этого адреса уже настроена переадресация",
  redirectFrom: "Адрес переадресации: путь от / без пробелов, %2F и ..",
  redirectTarget: "Цель: путь от / или адрес https://",
  loop: "Переадресация замкнётся в цикл",
  same: "Адрес и цель совпадают",
} as const;

export const MAX_SLUG_LENGTH = 200;

/**
 * Addresses the server answers itself, never a landing page or a redirect's source: read at build
 * time from the route table, the paths Express mounts and the files in public/
 * (scripts/support/served-paths.js). A section covers everything below it too.
 */
export const SERVED_PATHS = servedPaths;

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address as typed, lower-cased and trimmed (the site matches addresses case-insensitively). */
export const normalisePath = (value: string) => value.trim().toLowerCase();

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** A served section (and what lies under it) or an address a route answers as it is. */
export function reservedReason(path: string): string | undefined {
  // A fixed page is a page even where addresses below it are served too (`/fees/upcoming`).
  if (servedPaths.exact.includes(path) || (publicPagePaths as readonly string[]).includes(path)) return slugMessages.route;
  if (servedPaths.sections.some((prefix) => under(path, prefix))) return slugMessages.reserved;
  // React Router answers `<address>.data` with that address's data, never a page or redirect.
  if (path.endsWith(".data")) return slugMessages.reserved;
  return undefined;
}

/**
 * Checks a landing page's address: a lowercase path of ASCII letters, digits and hyphens in
 * segments, so `..`, encoded slashes (`%2F`), Unicode look-alikes (a Cyrillic `а`), spaces and
 * upper case cannot reach the database. Collisions with pages and redirects are checked on write.
 */
export function slugProblem(value: string): string | undefined {
  if (value === "") return slugMessages.required;
  if (!value.startsWith("/")) return slugMessages.start;
  if (value.length > MAX_SLUG_LENGTH) return slugMessages.tooLong;
  if (value.includes("..")) return slugMessages.dots;
  const segments = value.slice(1).split("/");
  if (!segments.every((segment) => SEGMENT.test(segment))) return slugMessages.characters;
  return reservedReason(value);
}

const UNSAFE = /[\s\\\p{Cc}\p{Cf}]/u;

/** A redirect's source: any ASCII path (old addresses may have dots or upper case), never a reserved one. */
export function redirectFromProblem(value: string): string | undefined {
  if (!value.startsWith("/") || value.startsWith("//") || value.length > MAX_SLUG_LENGTH) return slugMessages.redirectFrom;
  if (UNSAFE.test(value) || /[^\x21-\x7e]/.test(value) || value.includes("?") || value.includes("#")) return slugMessages.redirectFrom;
  if (/%2f|%5c|%2e/i.test(value) || value.split("/").includes("..") || value.split("/").includes(".")) return slugMessages.redirectFrom;
  if (value.length > 1 && value.endsWith("/")) return slugMessages.redirectFrom;
  return reservedReason(addressKey(value) ?? normalisePath(value));
}

/** A redirect's target: a path of this site or an absolute http(s) address. */
export function redirectTargetProblem(value: string): string | undefined {
  return isSafeUrl(value, { ...urlRules.link, maxLength: 500 }) ? undefined : slugMessages.redirectTarget;
}
