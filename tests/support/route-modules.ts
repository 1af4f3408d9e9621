import fs from "node:fs";
import path from "node:path";
import { callRoute, type RouteAnswer } from "./admin-routes";

/**
 * Every route module, found on disk, so routes added later are walked too. The glob is checked
 * against the directory listing, so a module it missed fails the walks.
 */
const modules = import.meta.glob<Record<string, unknown>>("/app/routes/*.{ts,tsx}");
export const routeModuleFiles = Object.keys(modules)
  .map((key) => path.basename(key))
  .sort();
export const routeFilesOnDisk = fs
  .readdirSync(path.resolve("app/routes"))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .sort();
export const adminRouteFiles = routeFilesOnDisk.filter((file) => file.startsWith("admin"));

/** Every kebab-case intent the dashboard's sources name, plus fields any of its forms read. */
const sources = import.meta.glob<string>(
  ["/app/components/admin/**/*.{ts,tsx}", "/app/features/**/*intents.ts", "/app/features/**/*-contract.ts", "/app/routes/*.{ts,tsx}"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);
export const intents = [
  "",
  ...new Set(
    Object.values(sources).flatMap((source) =>
      [...source.matchAll(/(?:export const [A-Z_]+ = |\b[a-zA-Z]+: )"([a-z]+(?:-[a-z]+)+)"/g)].map((match) => match[1]!),
    ),
  ),
];

/** A value for every field the dashboard's forms send, so a missing check would show as a change. */
export const fields: Record<string, string> = {
  id: "1",
  section: "company_name",
  key: "company_name",
  value: "Changed",
  page: "terms",
  pageName: "home",
  sectionName: "hero_title",
  contentType: "text",
  contentValue: "Changed",
  content: "<p>Changed</p>",
  pageUrl: "/changed",
  displayName: "Changed",
  url: "/changed",
  menuType: "header",
  sortOrder: "1",
  isActive: "false",
  // The team section: an account (set to a real one by the walks), an invitation, settings, passwords.
  userId: "",
  sessionId: "",
  email: "invited@example.com",
  invitationId: "1",
  open: "false",
  currentPassword: "password-123",
  newPassword: "changed-password",
  // Two-factor sign-in: a code, its kind, and the requirement (the password is left out: the
  // auth endpoint would take it for a sign-in attempt and log it).
  code: "123456",
  method: "totp",
  required: "true",
  // A legal page's or the fees' effective date (staged only in a release: refused outside one).
  document: "terms",
  effective_from: "2099-01-01",
  // A landing page's version in a locale (a code the site does not have: refused, nothing written).
  locale: "de",
};

/** The URL a route module answers at: `admin.other.team.tsx` is /admin/other/team. */
export const pathOf = (file: string) => {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "api.auth.$") return "/api/auth/sign-in/email";
  const pathname = name
    .replace(/^_public\.?/, "")
    .replace(/\._index$|^_index$/, "")
    .replace(/\[\.\]/g, ".")
    .replace(/\./g, "/");
  return `/${pathname}${name === "admin.upload" ? "?section=about_image" : ""}`;
};

export type Caller = (file: string, kind: "loader" | "action", request: Request) => Promise<RouteAnswer | null>;

/** Calls one module's loader or action as React Router would; null when it has none. */
export async function callModule(file: string, kind: "loader" | "action", request: Request) {
  const module = await modules[`/app/routes/${file}`]!();
  const handler = module[kind];
  if (typeof handler !== "function") return null;
  return callRoute(handler as never, request);
}

/** Whether a module answers writes at all. */
export async function hasAction(file: string) {
  return typeof (await modules[`/app/routes/${file}`]!()).action === "function";
}
