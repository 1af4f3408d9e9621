import { createElement, Fragment, type ComponentType } from "react";
import {
  createRequestHandler,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  type MetaDescriptor,
  type ServerBuild,
} from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { frameworkInternalsEnabled, setFrameworkInternals } from "~/platform/react-router-internals";
import * as entryServer from "../entry.server";
import { DocumentLinks, DocumentMeta, DocumentScripts, DocumentScrollRestoration } from "./document-assets";

function documentWith(
  LinksElement: ComponentType,
  ScriptsElement: ComponentType<{ nonce?: string }>,
  MetaElement: ComponentType = Meta,
  ScrollElement: ComponentType<{ nonce?: string }> = ScrollRestoration,
) {
  return function Document() {
    return createElement(
      "html",
      { lang: "en" },
      createElement("head", null, createElement(MetaElement), createElement(LinksElement)),
      createElement(
        "body",
        null,
        createElement(Outlet),
        createElement(ScrollElement, { nonce: "" }),
        createElement(ScriptsElement, { nonce: "" }),
      ),
    );
  };
}

function Page() {
  const data = useLoaderData() as { text: string } | undefined;
  return createElement(Fragment, null, createElement("p", null, data?.text ?? "static"));
}

function manifestEntry(id: string, parentId: string | undefined, path: string | undefined, extra: Record<string, unknown> = {}) {
  return {
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    imports: [`/assets/${id}-shared.js`],
    css: [`/assets/${id}.css`],
    ...extra,
  };
}

// Tags as the site's SEO tags are: the same objects from one render to the next (seo.ts keeps them).
const siteTags: MetaDescriptor[] = [
  { title: "Site & <Co>" },
  { name: "description", content: 'A "quoted" description' },
  { tagName: "link", rel: "canonical", href: "https://example.com/" },
  { property: "og:title", content: "Site" },
  { charSet: "utf-8" },
  { "script:ld+json": { "@type": "Organization", name: "</script><script>alert(1)</script> \u2028" } },
];

function buildWith(Document: ComponentType): ServerBuild {
  const page = (text: string) => ({
    default: Page,
    loader: () => ({ text }),
    // The page's own tags over the site's, made per render (new objects), as a page's stored fields make them.
    meta: ({ data, matches }: { data?: { text: string }; matches: { meta: MetaDescriptor[] }[] }) => [
      ...matches[0]!.meta.filter((tag) => !("title" in tag)),
      { title: `${data?.text ?? ""} | Site` },
      { name: "robots", content: "noindex" },
    ],
  });
  return {
    entry: { module: entryServer },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: Document, links: () => [{ rel: "stylesheet", href: "/assets/extra.css" }], meta: () => [...siteTags] },
      },
      fees: { id: "fees", parentId: "root", path: "fees", module: page("Fees") },
      // No meta of its own: its children get the root's tags, as React Router hands them down.
      guide: { id: "guide", parentId: "root", path: "guide", module: { default: Outlet, loader: () => null } },
      plain: { id: "plain", parentId: "root", path: "plain", module: { default: Page, loader: () => ({ text: "Plain" }) } },
      "guide.index": { id: "guide.index", parentId: "guide", index: true, module: page("Guide") },
      "guide.page": { id: "guide.page", parentId: "guide", path: ":page", module: page("A guide page") },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/framework.js"], css: [] },
      routes: {
        root: manifestEntry("root", undefined, "", { hasLoader: false }),
        fees: manifestEntry("fees", "root", "fees"),
        guide: manifestEntry("guide", "root", "guide"),
        "guide.index": { ...manifestEntry("guide.index", "guide", undefined), index: true },
        "guide.page": manifestEntry("guide.page", "guide", ":page"),
        plain: manifestEntry("plain", "root", "plain"),
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}

const request = (path: string) => new Request(`http://localhost${path}`, { headers: { accept: "text/html" } });

// Both ways: with React Router's internals (app/platform/react-router-internals.ts), and with its
// public components alone, as a React Router without those internals renders.
const ways = ["fenced", "public"] as const;
afterAll(() => setFrameworkInternals(true));

describe("the document's meta tags", () => {
  it.each(ways)("are React Router's own, byte for byte, whether made or kept from an earlier document (%s)", async (way) => {
    setFrameworkInternals(way === "fenced");
    expect(frameworkInternalsEnabled()).toBe(way === "fenced");
    const reference = createRequestHandler(buildWith(documentWith(Links, Scripts, Meta)));
    const kept = createRequestHandler(buildWith(documentWith(Links, Scripts, DocumentMeta)));
    // React Router logs the unknown path's 404 (the error page's tags are compared too).
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/fees", "/plain", "/guide/intro", "/plain", "/fees", "/missing", "/plain"]) {
      const expected = await reference(request(path), { nonce: "" });
      const actual = await kept(request(path), { nonce: "" });
      expect(actual.status).toBe(expected.status);
      const html = await actual.text();
      expect(html).toBe(await expected.text());
      if (path === "/plain") expect(html).toContain("<title>Site &amp; &lt;Co&gt;</title>");
    }
  });
});

describe("the document's links, scripts and scroll restoration", () => {
  it.each(ways)("are React Router's own, byte for byte, whether worked out or kept from an earlier document (%s)", async (way) => {
    setFrameworkInternals(way === "fenced");
    expect(frameworkInternalsEnabled()).toBe(way === "fenced");
    const reference = createRequestHandler(buildWith(documentWith(Links, Scripts)));
    const kept = createRequestHandler(buildWith(documentWith(DocumentLinks, DocumentScripts, Meta, DocumentScrollRestoration)));
    for (const path of ["/fees", "/guide/intro", "/guide", "/fees", "/guide/other", "/guide/intro"]) {
      const expected = await (await reference(request(path), { nonce: "" })).text();
      const actual = await (await kept(request(path), { nonce: "" })).text();
      expect(actual).toBe(expected);
      // The loader data's scripts follow <Scripts> on a kept copy too.
      expect(actual).toContain("streamController.close();");
      expect(actual).toContain("sessionStorage.getItem");
    }
  });
});
