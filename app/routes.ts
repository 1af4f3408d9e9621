import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public pages share one layout that loads header, footer and settings once.
  layout("routes/_public.tsx", [
    index("routes/_public._index.tsx"),
    route("home", "routes/_public.home.tsx"),
    route("features", "routes/_public.features.tsx"),
    route("fees", "routes/_public.fees.tsx"),
    route("business", "routes/_public.business.tsx"),
    route("contact", "routes/_public.contact.tsx"),
    route("faq", "routes/_public.faq.tsx"),
    route("privacy", "routes/_public.privacy.tsx"),
    route("terms", "routes/_public.terms.tsx"),
    route("aml-kyc", "routes/_public.aml-kyc.tsx"),
    route("login", "routes/_public.login.tsx"),
    route("signup", "routes/_public.signup.tsx"),
    route("*", "routes/_public.$.tsx"),
  ]),
  // The admin area: /admin shows the login screen or the dashboard; each tab has its URL.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("content", "routes/admin.content.tsx"),
    route("menu", "routes/admin.menu.tsx"),
    route("legal", "routes/admin.legal.tsx"),
    route("fees", "routes/admin.fees.tsx"),
    route("settings/:tab?", "routes/admin.settings.tsx"),
    // The team's tools: one route module per section (app/components/admin/other/other-sections.ts).
    route("other", "routes/admin.other.tsx", [
      index("routes/admin.other._index.tsx"),
      route("activity", "routes/admin.other.activity.tsx"),
      route("team", "routes/admin.other.team.tsx"),
      route("messages", "routes/admin.other.messages.tsx"),
      route("backups", "routes/admin.other.backups.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    route("upload", "routes/admin.upload.ts"),
    route("logout", "routes/admin.logout.ts"),
    route("two-factor", "routes/admin.two-factor.ts"),
    route("messages.csv", "routes/admin.messages[.]csv.ts"),
    route("history", "routes/admin.history.ts"),
    route("activity-export", "routes/admin.activity-export.ts"),
    route("backups/download", "routes/admin.backups.download.ts"),
  ]),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("contact/stamp", "routes/contact-stamp.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
] satisfies RouteConfig;
