import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearContentCache } from "~/features/content/read.server";
import { createPageCache, type RenderPage } from "./page-cache";
import { createPageRoutes, NOT_FOUND_RENDER_PATH } from "./page-routes";
import { createRenderQueue } from "./render-queue";
import { testRouteTable } from "../../tests/support/route-table";

/** A site whose renders can be held until released, numbering each render of each path. */
async function serve(options: { burstPauseMs?: number } = {}) {
  const rendered: string[] = [];
  let held: Promise<void> | undefined;
  let release = () => {};
  const render: RenderPage = async (path) => {
    rendered.push(path);
    const number = rendered.length;
    await held;
    return {
      status: path === NOT_FOUND_RENDER_PATH ? 404 : 200,
      headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
      html: `<html><body>${path} render ${number}</body></html>`,
    };
  };
  const cache = createPageCache({
    enabled: true,
    render,
    routes: createPageRoutes(testRouteTable),
    queue: createRenderQueue(4),
    ...options,
  });
  const server = http.createServer((req, res) => {
    if (!cache.handle(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    text: async (path: string) => (await fetch(`${origin}${path}`)).text(),
    rendered,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Lets the render queue (setImmediate) and the renders' promises run. */
const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe("pages after a content write", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  afterEach(async () => {
    site.release();
    await site.close();
  });

  it("re-renders every kept page in the background, one at a time, so the next visitor gets a warm page", async () => {
    site = await serve();
    await site.text("/");
    await site.text("/fees");
    await site.text("/no-such-page");
    expect(site.rendered).toEqual(["/", "/fees", NOT_FOUND_RENDER_PATH]);
    site.hold();
    clearContentCache();
    await settle();
    // One background render at a time: the first kept page's, and nothing else yet.
    expect(site.rendered.slice(3)).toEqual(["/"]);
    site.release();
    // Compressing at the best settings takes a while; then the next page's render starts.
    await vi.waitFor(() => expect(site.rendered.slice(3)).toEqual(["/", "/fees", NOT_FOUND_RENDER_PATH]));
    await settle();
    // No visitor started those renders, and the visits find them kept.
    expect(await site.text("/")).toContain("/ render 4");
    expect(await site.text("/fees")).toContain("/fees render 5");
    expect(site.rendered).toHaveLength(6);
  });

  it("makes a visitor who arrives during the re-render wait for it: never the old copy, never a render of their own", async () => {
    site = await serve();
    expect(await site.text("/fees")).toContain("render 1");
    site.hold();
    clearContentCache();
    await settle();
    expect(site.rendered).toEqual(["/fees", "/fees"]);
    const visits = Promise.all(Array.from({ length: 5 }, () => site.text("/fees")));
    await settle();
    expect(site.rendered).toHaveLength(2);
    site.release();
    expect(await visits).toEqual(Array.from({ length: 5 }, () => expect.stringContaining("/fees render 2")));
    expect(site.rendered).toHaveLength(2);
  });

  it("serves a page that waits its turn to a visitor at once, ahead of the background order", async () => {
    site = await serve();
    await site.text("/");
    await site.text("/fees");
    site.hold();
    clearContentCache();
    await settle();
    expect(site.rendered.slice(2)).toEqual(["/"]);
    // /fees was waiting for the background worker: the visitor's arrival starts it.
    const visit = site.text("/fees");
    await settle();
    expect(site.rendered.slice(2)).toEqual(["/", "/fees"]);
    site.release();
    expect(await visit).toContain("/fees render 4");
    expect(await site.text("/")).toContain("/ render 3");
    expect(site.rendered).toHaveLength(4);
  });

  it("shows the last of a burst of writes at the next request, rendering superseded versions no more than once", async () => {
    site = await serve();
    await site.text("/");
    site.hold();
    for (let write = 0; write < 10; write++) {
      clearContentCache();
      await settle();
    }
    // The render begun for the first write, and one waiting for the newest content.
    expect(site.rendered).toEqual(["/", "/"]);
    const visit = site.text("/");
    await settle();
    site.release();
    // The visitor came after the last write: the render begun before it is not theirs.
    expect(await visit).toContain("/ render 3");
    expect(site.rendered).toEqual(["/", "/", "/"]);
    expect(await site.text("/")).toContain("/ render 3");
  });

  it("in a burst of writes renders only the pages visitors ask for, and the others once the writes pause", async () => {
    site = await serve({ burstPauseMs: 100 });
    await site.text("/");
    await site.text("/fees");
    clearContentCache();
    // The first write of a burst re-renders every kept page at once, as any write does.
    await vi.waitFor(() => expect(site.rendered.slice(2)).toEqual(["/", "/fees"]));
    for (let write = 0; write < 5; write++) {
      clearContentCache();
      await settle();
    }
    // The later writes render nothing in the background while they keep coming.
    expect(site.rendered).toHaveLength(4);
    expect(await site.text("/")).toContain("/ render 5");
    expect(site.rendered).toHaveLength(5);
    // Once the writes pause, the page nobody asked for is rendered, and the one kept is not.
    await vi.waitFor(() => expect(site.rendered.slice(5)).toEqual(["/fees"]));
    await settle();
    expect(await site.text("/fees")).toContain("/fees render 6");
    expect(await site.text("/")).toContain("/ render 5");
    expect(site.rendered).toHaveLength(6);
  });

  it("at shutdown starts no more re-renders and waits for the running one, so none outlives the database", async () => {
    site = await serve();
    await site.text("/");
    await site.text("/fees");
    site.hold();
    clearContentCache();
    await settle();
    expect(site.rendered.slice(2)).toEqual(["/"]);
    let stopped = false;
    const stopping = site.cache.stop().then(() => (stopped = true));
    await settle();
    // The running render holds the shutdown until it ends.
    expect(stopped).toBe(false);
    site.release();
    await stopping;
    await settle();
    // /fees was waiting its turn: it is never started, and later writes start nothing.
    clearContentCache();
    await settle();
    expect(site.rendered.slice(2)).toEqual(["/"]);
  });

  it("compresses a fresh copy quickly, and again at the best settings once the content has settled", async () => {
    site = await serve();
    const html = `<html><body>${Array.from({ length: 2000 }, (_, index) => `<p class="c${index % 97}">${index * 7919}</p>`).join("")}</body></html>`;
    const render: RenderPage = async () => ({ status: 200, headers: new Headers({ "content-type": "text/html" }), html });
    const cache = createPageCache({ enabled: true, render, routes: createPageRoutes(testRouteTable), settleMs: 30 });
    const server = http.createServer((req, res) => void cache.handle(req, res, () => res.writeHead(500).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fees`;
    const brotliLength = async () => Number((await fetch(url, { headers: { "accept-encoding": "br" } })).headers.get("content-length"));
    try {
      const quick = await brotliLength();
      await cache.recompressed();
      const best = await brotliLength();
      expect(best).toBeLessThan(quick);
      const body = await (await fetch(url, { headers: { "accept-encoding": "br" } })).text();
      expect(body).toBe(html);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
