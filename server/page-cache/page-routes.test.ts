import { describe, expect, it } from "vitest";
import { canonicalRedirect, createPageRoutes, declaredQuery, NOT_FOUND_RENDER_PATH } from "./page-routes";
import { testRouteTable } from "../../tests/support/route-table";

describe("canonical addresses", () => {
  it.each([
    ["/fees/", "/fees"],
    ["/fees/?utm_source=newsletter&utm_medium=email", "/fees?utm_source=newsletter&utm_medium=email"],
    ["//fees", "/fees"],
    ["/fees//", "/fees"],
    ["/a//b///c/", "/a/b/c"],
    ["//", "/"],
    ["//?gclid=1", "/?gclid=1"],
    // Never an address of another site: `//host` and `/\host` both name one to a browser.
    ["//evil.example/", "/evil.example"],
    ["/\\evil.example/", "/%5Cevil.example"],
  ])("%s moves to %s", (from, to) => {
    expect(canonicalRedirect(from)).toBe(to);
  });

  it.each(["/", "/fees", "/?utm_source=x", "/fees?next=//elsewhere/", "/a/b"])("%s stays", (url) => {
    expect(canonicalRedirect(url)).toBeUndefined();
  });
});

describe("the cache key's query part", () => {
  it("keeps only the declared parameters, in their declared order, with every value", () => {
    expect(declaredQuery("utm_source=x&page=2&q=a%20b&gclid=3&q=c", ["q", "page"])).toBe("?q=a+b&q=c&page=2");
    expect(declaredQuery("utm_source=x&fbclid=1", ["q"])).toBe("");
    expect(declaredQuery("q=1", [])).toBe("");
  });
});

describe("what the page cache answers, from the route table", () => {
  const routes = createPageRoutes(testRouteTable, {
    reserved: ["/healthz", "/uploads/", "/assets/"],
    files: new Set(["/favicon.png", "/fonts/inter.woff2"]),
  });
  const classify = (url: string, method = "GET") => routes.classify(method, url);

  it("keys a page on its path alone whatever campaign tags the address carries", () => {
    for (const url of ["/", "/?utm_source=newsletter&utm_medium=email", "/?gclid=abc", "/?fbclid=1&yclid=2&msclkid=3", "/?"]) {
      expect(classify(url)).toEqual({ kind: "page", key: "/", render: "/", status: 200, path: "/" });
    }
    expect(classify("/fees?utm_campaign=spring")).toMatchObject({ kind: "page", key: "/fees", render: "/fees" });
    expect(classify("/faq", "HEAD")).toMatchObject({ kind: "page", key: "/faq" });
  });

  it("serves every spelling React Router matches the same copy", () => {
    expect(classify("/FEES")).toMatchObject({ key: "/fees", render: "/fees" });
    expect(classify("/fe%65s")).toMatchObject({ key: "/fees" });
  });

  it("keys a page that declares query parameters on those alone", () => {
    expect(classify("/search?utm_source=x&q=cards")).toMatchObject({ kind: "page", key: "/search?q=cards", render: "/search?q=cards" });
    expect(classify("/search?utm_source=x")).toMatchObject({ key: "/search" });
  });

  it("answers every unknown path with the one not-found copy", () => {
    for (const url of ["/wp-login.php", "/.env", "/no/such/page?x=1", "/admin/nope", "/fees/extra", "/fees%2F", "/api/other"]) {
      expect(classify(url)).toEqual({
        kind: "not-found",
        key: "404",
        render: NOT_FOUND_RENDER_PATH,
        status: 404,
        path: url.split("?")[0],
      });
    }
  });

  it("moves trailing and doubled slashes to the canonical address, query kept", () => {
    expect(classify("/fees/")).toEqual({ kind: "redirect", location: "/fees" });
    expect(classify("//?utm_source=x")).toEqual({ kind: "redirect", location: "/?utm_source=x" });
    expect(classify("/admin/", "HEAD")).toEqual({ kind: "redirect", location: "/admin" });
  });

  it("leaves everything else to the rest of the server", () => {
    const passed = [
      "/admin",
      "/admin/settings/branding",
      "/api/auth/get-session",
      "/api/auth/callback/",
      "/robots.txt",
      "/ROBOTS.TXT",
      "/fees.data",
      "/__manifest?p=%2Ffees&version=1",
      "/healthz",
      "/uploads/abc.webp",
      "/assets/entry-123.js",
      "/favicon.png",
      "/fonts/inter.woff2",
      "/%E0%A4%A",
      "http://example.com/",
    ];
    for (const url of passed) expect(classify(url), url).toBeUndefined();
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", undefined]) expect(routes.classify(method, "/")).toBeUndefined();
    expect(classify("/fees/", "POST")).toBeUndefined();
  });
});

describe("landing pages and redirects, before the not-found answer", () => {
  const hit = () => {};
  const routes = createPageRoutes(testRouteTable, {
    reserved: ["/healthz", "/uploads/"],
    addresses: (pathname, query) => {
      if (pathname.toLowerCase() === "/gift-season") return { kind: "page" };
      if (pathname === "/old-offer") return { kind: "redirect", location: `/gift-season${query ? `?${query}` : ""}`, status: 301, hit };
      return undefined;
    },
  });

  it("serves a landing page as one copy whatever the campaign query or the case", () => {
    for (const url of ["/gift-season", "/Gift-Season?utm_source=mail", "/gift-season?gclid=1&fbclid=2"]) {
      expect(routes.classify("GET", url), url).toMatchObject({ kind: "page", key: "/gift-season", render: "/gift-season", status: 200 });
    }
  });

  it("answers a redirect from memory, the query carried over", () => {
    expect(routes.classify("GET", "/old-offer?utm_source=mail")).toEqual({
      kind: "redirect",
      location: "/gift-season?utm_source=mail",
      status: 301,
      hit,
    });
  });

  it("leaves fixed pages to their routes and other paths to the not-found copy", () => {
    expect(routes.classify("GET", "/fees")).toMatchObject({ kind: "page", key: "/fees" });
    expect(routes.classify("GET", "/nothing-here")).toMatchObject({ kind: "not-found", status: 404 });
  });
});

describe("what the page cache answers under a locale's prefix", () => {
  const localeRoute = (id: string, parentId: string, shape: { path?: string; index?: boolean; handle?: unknown }) =>
    [id, { id, parentId, ...shape, module: { handle: shape.handle } }] as const;
  const table = {
    ...testRouteTable,
    ...Object.fromEntries([
      localeRoute("routes/_public@de", "root", { path: "de" }),
      localeRoute("routes/_public._index@de", "routes/_public@de", { index: true, handle: { pageCache: { query: [] } } }),
      localeRoute("routes/_public.fees@de", "routes/_public@de", { path: "fees", handle: { pageCache: { query: [] } } }),
      localeRoute("routes/_public.$@de", "routes/_public@de", { path: "*", handle: { pageCache: { notFound: true } } }),
    ]),
  } as unknown as typeof testRouteTable;
  const served = new Set(["de"]);
  // Landing pages: `/aktion`, and its German version at `/de/aktion` (app/features/pages).
  const landing = new Set(["/aktion", "/de/aktion"]);
  const routes = createPageRoutes(table, {
    servesLocale: (code) => served.has(code),
    addresses: (path) => (landing.has(path) ? { kind: "page" } : undefined),
  });

  it("keys a served locale's pages on their own address and its unknown paths on its own 404 copy", () => {
    expect(routes.classify("GET", "/de/fees?utm_source=x")).toMatchObject({ kind: "page", key: "/de/fees", render: "/de/fees" });
    expect(routes.classify("GET", "/de")).toMatchObject({ kind: "page", key: "/de" });
    expect(routes.classify("GET", "/de/no-such")).toMatchObject({
      kind: "not-found",
      key: "404@de",
      render: `/de${NOT_FOUND_RENDER_PATH}`,
      status: 404,
    });
    expect(routes.classify("GET", "/fees")).toMatchObject({ kind: "page", key: "/fees" });
  });

  it("keys a landing page's version in a served locale on its own address (campaign queries share it)", () => {
    expect(routes.classify("GET", "/de/aktion?utm_source=x")).toMatchObject({ kind: "page", key: "/de/aktion", status: 200 });
    expect(routes.classify("GET", "/aktion")).toMatchObject({ kind: "page", key: "/aktion" });
    served.delete("de");
    expect(routes.classify("GET", "/de/aktion")).toMatchObject({ kind: "not-found", key: "404" });
    served.add("de");
  });

  it("answers a locale not served with the site's one 404 copy, never a copy per prefix", () => {
    served.delete("de");
    for (const url of ["/de", "/de/fees", "/de/no-such"])
      expect(routes.classify("GET", url), url).toMatchObject({ kind: "not-found", key: "404", render: NOT_FOUND_RENDER_PATH });
    served.add("de");
  });
});
