import { createElement, Fragment, lazy, Suspense } from "react";
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server.bun";
import {
  createRequestHandler,
  Outlet,
  redirect,
  Scripts,
  ServerRouter,
  useLoaderData,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { frameworkInternalsEnabled, setFrameworkInternals } from "~/platform/react-router-internals";
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

/** A page with a part that fails inside a Suspense boundary: React leaves that part to the browser. */
function PartlyBroken() {
  return createElement(
    "main",
    null,
    createElement("p", null, "Shown"),
    createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Broken)),
  );
}

/** A page whose module loads on its first render, as the landing page's blocks do. */
const LazyFees = lazy(() => new Promise<{ default: typeof FeesPage }>((resolve) => setTimeout(() => resolve({ default: FeesPage }), 10)));

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
    later: {
      id: "later",
      parentId: "root",
      path: "later",
      index: undefined,
      caseSensitive: undefined,
      module: { default: () => createElement(LazyFees), loader: () => ({ items: paragraphs }) },
    },
    partly: {
      id: "partly",
      parentId: "root",
      path: "partly",
      index: undefined,
      caseSensitive: undefined,
      module: { default: PartlyBroken },
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
      later: routeManifestEntry("later", "root", "later", true),
      partly: routeManifestEntry("partly", "root", "partly", false),
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

// Every test runs both ways: with the document router (React Router's internals, fenced in
// app/platform/react-router-internals.ts) and with <ServerRouter>, as a React Router without them renders.
function bothWays(name: string, tests: () => void) {
  describe.each(["fenced", "public"] as const)(`${name} (%s)`, (way) => {
    beforeAll(() => {
      setFrameworkInternals(way === "fenced");
      expect(frameworkInternalsEnabled()).toBe(way === "fenced");
    });
    afterAll(() => setFrameworkInternals(true));
    tests();
  });
}

bothWays("the document renderer", () => {
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

  it("waits for a module that loads on the page's first render, then renders it in one pass", async () => {
    const document: { html?: string } = {};
    const first = await handle(request("/later"), { nonce: "", document });
    expect(first.status).toBe(200);
    const streamed = await (await handle(request("/later"), { nonce: "" })).text();
    expect(document.html).toBe(streamed);
    expect(document.html).toContain(`<p>${paragraphs[0]}</p>`);
    const again: { html?: string } = {};
    await handle(request("/later"), { nonce: "", document: again });
    expect(again.html).toBe(streamed);
  });

  it("hands the page cache the streaming renderer's document, status 500, when a part fails inside a Suspense boundary", async () => {
    const streamed = await handle(request("/partly"), { nonce: "" });
    const document: { html?: string } = {};
    const response = await handle(request("/partly"), { nonce: "", document });
    expect(response.status).toBe(500);
    expect(streamed.status).toBe(500);
    expect(document.html).toBe(await streamed.text());
    expect(document.html).toContain("<!--$!-->");
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

/** React Router's own <ServerRouter>, rendered whole, as the reference for the site's DocumentRouter. */
function referenceHandleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let html = "";
    const destination = {
      write: (chunk: string) => ((html += chunk), true),
      end: () => resolve(new Response(html, { status, headers })),
      destroy: reject,
      on: () => destination,
    };
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context, url: request.url, nonce: "" }), {
      nonce: "",
      onAllReady: () => pipe(destination as unknown as Writable),
      onShellError: reject,
      onError: () => {
        status = 500;
      },
    });
  });
}

bothWays("the document router", () => {
  it("writes the same document as React Router's ServerRouter, byte for byte, render after render", async () => {
    const reference = createRequestHandler({ ...build, entry: { module: { default: referenceHandleRequest } } } as unknown as ServerBuild);
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/fees", "/fees", "/broken", "/missing", "/fees"]) {
      const expected = await reference(request(path), { nonce: "" });
      const actual = await handle(request(path), { nonce: "" });
      expect(actual.status).toBe(expected.status);
      expect(await actual.text()).toBe(await expected.text());
    }
  });
});
