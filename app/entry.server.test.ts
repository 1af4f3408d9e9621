import { createElement, Fragment } from "react";
import { createRequestHandler, Outlet, redirect, Scripts, useLoaderData, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as entryServer from "./entry.server";

// Text with characters of two, three and four bytes in UTF-8, long enough that the
// document is written in many chunks.
const paragraphs = Array.from({ length: 400 }, (_, index) => `Gebühr ${index}: 1,50 € — ok ✓ 💶`);

function Document() {
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Fees")),
    createElement("body", null, createElement(Outlet), createElement(Scripts)),
  );
}

function FeesPage() {
  const { items } = useLoaderData() as { items: string[] };
  return createElement(
    Fragment,
    null,
    items.map((item) => createElement("p", { key: item }, item)),
  );
}

function Broken(): never {
  throw new Error("This page is broken");
}

function RootErrorBoundary() {
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Error")),
    createElement("body", null, createElement("h1", null, "Something went wrong"), createElement(Scripts)),
  );
}

function routeManifestEntry(id: string, parentId: string | undefined, path: string | undefined, hasLoader: boolean) {
  return {
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
  };
}

const build = {
  entry: { module: entryServer },
  routes: {
    root: {
      id: "root",
      parentId: undefined,
      path: "",
      index: undefined,
      caseSensitive: undefined,
      module: { default: Document, ErrorBoundary: RootErrorBoundary },
    },
    fees: {
      id: "fees",
      parentId: "root",
      path: "fees",
      index: undefined,
      caseSensitive: undefined,
      module: { default: FeesPage, loader: () => ({ items: paragraphs }) },
    },
    broken: {
      id: "broken",
      parentId: "root",
      path: "broken",
      index: undefined,
      caseSensitive: undefined,
      module: { default: Broken },
    },
    moved: {
      id: "moved",
      parentId: "root",
      path: "moved",
      index: undefined,
      caseSensitive: undefined,
      module: { default: FeesPage, loader: () => redirect("/fees") },
    },
  },
  assets: {
    entry: { module: "/assets/entry.client.js", imports: [], css: [] },
    routes: {
      root: { ...routeManifestEntry("root", undefined, "", false), hasErrorBoundary: true },
      fees: routeManifestEntry("fees", "root", "fees", true),
      broken: routeManifestEntry("broken", "root", "broken", false),
      moved: routeManifestEntry("moved", "root", "moved", true),
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

const handle = createRequestHandler(build, "production");
const request = (path: string) => new Request(`http://localhost${path}`, { headers: { accept: "text/html" } });

describe("the document renderer", () => {
  it("answers with the whole document, multi-byte text intact and the loader data inlined", async () => {
    const response = await handle(request("/fees"), { nonce: "" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    for (const paragraph of paragraphs) expect(html).toContain(`<p>${paragraph}</p>`);
    // The data for hydration, written after React waited for the loader data stream.
    expect(html).toContain("window.__reactRouterContext.streamController.enqueue(");
    expect(html).toContain("streamController.close();");
  });

  it("hands the page cache the document itself and an empty response body", async () => {
    const expected = await (await handle(request("/fees"), { nonce: "" })).text();
    const document: { html?: string } = {};
    const response = await handle(request("/fees"), { nonce: "", document });
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(document.html).toBe(expected);
  });

  it("leaves a response it did not render, such as a redirect, as it is", async () => {
    const document: { html?: string } = {};
    const response = await handle(request("/moved"), { nonce: "", document });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fees");
    expect(document.html).toBeUndefined();
  });

  it("renders the error page, with status 500, when a page throws while rendering", async () => {
    // The server logs the error it turned into the error page.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const document: { html?: string } = {};
    const response = await handle(request("/broken"), { nonce: "", document });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: "This page is broken" }));
    expect(response.status).toBe(500);
    expect(document.html).toContain("<h1>Something went wrong</h1>");
    expect(document.html).not.toContain("This page is broken");
  });
});
