import { createElement, Fragment, type ComponentType } from "react";
import { createRequestHandler, Links, Outlet, Scripts, useLoaderData, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import * as entryServer from "../entry.server";
import { DocumentLinks, DocumentScripts } from "./document-assets";

function documentWith(LinksElement: ComponentType, ScriptsElement: ComponentType<{ nonce?: string }>) {
  return function Document() {
    return createElement(
      "html",
      { lang: "en" },
      createElement("head", null, createElement("title", null, "Test"), createElement(LinksElement)),
      createElement("body", null, createElement(Outlet), createElement(ScriptsElement, { nonce: "" })),
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

function buildWith(Document: ComponentType): ServerBuild {
  const page = (text: string) => ({ default: Page, loader: () => ({ text }) });
  return {
    entry: { module: entryServer },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: Document, links: () => [{ rel: "stylesheet", href: "/assets/extra.css" }] },
      },
      fees: { id: "fees", parentId: "root", path: "fees", module: page("Fees") },
      guide: { id: "guide", parentId: "root", path: "guide", module: { default: Outlet, loader: () => null } },
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

describe("the document's links and scripts", () => {
  it("are React Router's own, byte for byte, whether worked out or kept from an earlier document", async () => {
    const reference = createRequestHandler(buildWith(documentWith(Links, Scripts)));
    const kept = createRequestHandler(buildWith(documentWith(DocumentLinks, DocumentScripts)));
    for (const path of ["/fees", "/guide/intro", "/guide", "/fees", "/guide/other", "/guide/intro"]) {
      const expected = await (await reference(request(path), { nonce: "" })).text();
      const actual = await (await kept(request(path), { nonce: "" })).text();
      expect(actual).toBe(expected);
      // The loader data's scripts follow <Scripts> on a kept copy too.
      expect(actual).toContain("streamController.close();");
    }
  });
});
