import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { NOT_FOUND_FILE, PUBLIC_LAYOUT_FILE, publicPages } from "./features/seo/public-pages.js";
import { localeCodes } from "./features/locales/allow-list";
import { documentRoutePaths } from "./features/effective-dates/addresses";

/** A route's id in a locale's copy of the public pages: its file's id and `@de`. */
const localeId = (file: string, code: string) => `${file.replace(/\.tsx?$/, "")}@${code}`;

/**
 * The legal pages' and the fees' coming versions (`/terms/upcoming`, under the public layout) and
 * earlier versions from the archive (`/terms/versions/12.html`, documents of their own), in the
 * default locale (`code` undefined) or under a locale's prefix.
 */
const upcomingFile = (document: string) => (document === "fees" ? "routes/_public.fees-upcoming.tsx" : "routes/_public.legal-upcoming.tsx");
const VERSION_FILE = "routes/document-version.ts";
const documentId = (file: string, document: string, code?: string) => `${file.replace(/\.tsx?$/, "")}-${document}${code ? `@${code}` : ""}`;
const upcomingRoutes = (code?: string) =>
  documentRoutePaths.map((entry) =>
    route(entry.upcoming, upcomingFile(entry.document), { id: documentId(upcomingFile(entry.document), entry.document, code) }),
  );
const versionRoutes = (code?: string) =>
  documentRoutePaths.map((entry) =>
    route(code ? `${code}/${entry.version}` : entry.version, VERSION_FILE, { id: documentId(VERSION_FILE, entry.document, code) }),
  );

/**
 * The public pages again under each allowed locale's prefix (`/de`, `/de/fees`, `/de/…` not
 * found): the same modules, routes of their own, so that a prefix outranks a landing page's
 * address and the 404. Whether a prefix is served (the locale switched on, not the default) is
 * the server's question (app/features/locales/routing.server.ts); one that is not answers 404.
 */
const localeRoutes = localeCodes.map((code) =>
  route(code, PUBLIC_LAYOUT_FILE, { id: localeId(PUBLIC_LAYOUT_FILE, code) }, [
    ...publicPages.map((page) =>
      page.path === "/"
        ? index(page.file, { id: localeId(page.file, code) })
        : route(page.path.slice(1), page.file, { id: localeId(page.file, code) }),
    ),
    ...upcomingRoutes(code),
    route("*", NOT_FOUND_FILE, { id: localeId(NOT_FOUND_FILE, code) }),
  ]),
);

export default [
  // Public pages share one layout that loads header, footer and settings once; the list of them
  // is app/features/seo/public-pages.js.
  layout(PUBLIC_LAYOUT_FILE, [
    ...publicPages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
    ...upcomingRoutes(),
    route("*", NOT_FOUND_FILE),
  ]),
  ...localeRoutes,
  ...versionRoutes(),
  ...localeCodes.flatMap((code) => versionRoutes(code)),
  // The admin area: /admin shows the login screen or the dashboard; each tab has its URL.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("content", "routes/admin.content.tsx"),
    route("content.xlf", "routes/admin.content[.]xlf.ts"),
    route("menu", "routes/admin.menu.tsx"),
    route("legal", "routes/admin.legal.tsx"),
    route("fees", "routes/admin.fees.tsx"),
    route("settings/:tab?", "routes/admin.settings.tsx"),
    route("language", "routes/admin.language.ts"),
    // The team's tools: one route module per section (app/components/admin/other/other-sections.ts).
    route("other", "routes/admin.other.tsx", [
      index("routes/admin.other._index.tsx"),
      route("activity", "routes/admin.other.activity.tsx"),
      route("team", "routes/admin.other.team.tsx"),
      route("messages", "routes/admin.other.messages.tsx"),
      route("backups", "routes/admin.other.backups.tsx"),
      route("releases", "routes/admin.other.releases.tsx"),
      route("releases/:id", "routes/admin.other.releases.$id.tsx"),
      route("releases/:id/texts.xlf", "routes/admin.other.releases.$id.texts[.]xlf.ts"),
      route("statistics", "routes/admin.other.statistics.tsx"),
      route("pages", "routes/admin.other.pages.tsx"),
      route("redirects", "routes/admin.other.redirects.tsx"),
      route("seo", "routes/admin.other.seo.tsx"),
      route("edge", "routes/admin.other.edge.tsx"),
      route("locales", "routes/admin.other.locales.tsx"),
      route("archive", "routes/admin.other.archive.tsx"),
      route("media", "routes/admin.other.media.tsx"),
      route("media/:name", "routes/admin.other.media.$name.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    route("upload", "routes/admin.upload.ts"),
    route("page-image", "routes/admin.page-image.ts"),
    route("media/replace", "routes/admin.media.replace.ts"),
    route("media/pick", "routes/admin.media.pick.ts"),
    route("media/upload", "routes/admin.media.upload.ts"),
    route("logout", "routes/admin.logout.ts"),
    route("two-factor", "routes/admin.two-factor.ts"),
    route("messages.csv", "routes/admin.messages[.]csv.ts"),
    route("history", "routes/admin.history.ts"),
    route("activity-export", "routes/admin.activity-export.ts"),
    route("statistics-export", "routes/admin.statistics-export.ts"),
    route("backups/download", "routes/admin.backups.download.ts"),
    // Releases: the whole-site preview and its reviewer links (docs/releases.md).
    route("preview", "routes/admin.preview.ts"),
    route("preview/links", "routes/admin.preview.links.ts"),
    // The archive: a page exactly as served at a moment (docs/archive.md).
    route("archive/page", "routes/admin.archive.page.ts"),
    route("archive/export", "routes/admin.archive.export.ts"),
    route("archive/asset", "routes/admin.archive.asset.ts"),
  ]),
  route("preview/r/:token", "routes/preview.r.$token.tsx"),
  route("preview/exit", "routes/preview.exit.ts"),
  route("preview/ended", "routes/preview.ended.tsx"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  // Single sign-on with OpenID Connect (app/features/sso): the start and the provider's callback.
  route("auth/sso", "routes/auth.sso.ts"),
  route("auth/sso/callback", "routes/auth.sso.callback.ts"),
  route("contact/stamp", "routes/contact-stamp.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
