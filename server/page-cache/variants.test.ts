import type { IncomingMessage, ServerResponse } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { createPageCache, MAX_QUERY_VARIANTS, type RenderPage } from "./page-cache";
import { createPageRoutes, NOT_FOUND_RENDER_PATH } from "./page-routes";
import { PUBLIC_CACHE_CONTROL } from "../http/public-headers";
import { testRouteTable } from "../../tests/support/route-table";

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** A page cache driven in-process: each visit is a request object and a response that records. */
function site(options: { keep?: boolean } = {}) {
  const rendered: string[] = [];
  const render: RenderPage = async (path) => {
    // The first renders only: a list of every one would itself grow with a flood.
    if (rendered.length < 1_000) rendered.push(path);
    const notFound = path === NOT_FOUND_RENDER_PATH;
    return {
      status: notFound ? 404 : 200,
      headers: new Headers({ "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'self' 'nonce-x'" }),
      html: `<html><head><script>window.page=${JSON.stringify(path)}</script></head><body>${notFound ? "Oops! Page not found" : `page ${path}`}</body></html>`,
    };
  };
  const cache = createPageCache({ enabled: true, keep: options.keep ?? true, render, routes: createPageRoutes(testRouteTable) });
  function visit(url: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<Answer>((resolve, reject) => {
      const answer: Answer = { status: 0, headers: {}, body: undefined };
      const res = {
        writeHead(status: number, head: string[] | Record<string, string>) {
          answer.status = status;
          const pairs = Array.isArray(head) ? head : Object.entries(head).flat();
          for (let index = 0; index < pairs.length; index += 2) answer.headers[pairs[index]!.toLowerCase()] = pairs[index + 1]!;
          return res;
        },
        end(body?: Buffer) {
          answer.body = body;
          resolve(answer);
        },
      };
      const req = { method, url, headers, socket: {} };
      const handled = cache.handle(req as unknown as IncomingMessage, res as unknown as ServerResponse, () =>
        reject(new Error(`fell back: ${url}`)),
      );
      if (!handled) resolve({ status: -1, headers: {}, body: undefined });
    });
  }
  return { cache, visit, rendered };
}

const text = (answer: Answer) => answer.body?.toString("utf8") ?? "";

describe("campaign links, unknown paths and address variants from the cache", () => {
  it("serves a campaign link the bare address's copy, with its headers", async () => {
    const { visit, rendered } = site();
    const bare = await visit("/");
    const campaign = await visit("/?utm_source=newsletter&utm_medium=email");
    const ad = await visit("/?gclid=abc&fbclid=def");
    expect(rendered).toEqual(["/"]);
    for (const answer of [campaign, ad]) {
      expect(answer.status).toBe(200);
      expect(text(answer)).toBe(text(bare));
      expect(answer.headers).toEqual(bare.headers);
    }
    expect(bare.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(bare.headers.vary).toBe("Accept-Encoding");
    expect(bare.headers.etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await visit("/?utm_source=other", { "if-none-match": bare.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();
  });

  it("answers every unknown path with one 404 copy, never 304, HEAD without a body", async () => {
    const { visit, rendered, cache } = site();
    const first = await visit("/wp-login.php", { "accept-encoding": "br" });
    const second = await visit("/no/such/page?x=1", { "accept-encoding": "gzip" });
    expect(rendered).toEqual([NOT_FOUND_RENDER_PATH]);
    expect(cache.size()).toBe(1);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers["content-security-policy"]).toContain("'sha256-");
    expect(first.headers.etag).toBe(second.headers.etag);
    const plain = await visit("/.env");
    expect(text(plain)).toContain("Oops! Page not found");
    const conditional = await visit("/.env", { "if-none-match": first.headers.etag! });
    expect(conditional.status).toBe(404);
    expect(text(conditional)).toBe(text(plain));
    const head = await visit("/.git/config", {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.body).toBeUndefined();
    expect(head.headers["content-length"]).toBe(plain.headers["content-length"]);
  });

  it("answers HEAD and If-None-Match for a page like GET", async () => {
    const { visit } = site();
    const get = await visit("/fees");
    const head = await visit("/fees?utm_source=x", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers).toEqual(get.headers);
    expect((await visit("/fees", { "if-none-match": get.headers.etag! }, "HEAD")).status).toBe(304);
  });

  it("moves a trailing or doubled slash to the canonical address for good, query kept", async () => {
    const { visit, rendered } = site();
    const moved = await visit("/fees/?utm_source=newsletter");
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/fees?utm_source=newsletter");
    expect(moved.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect((await visit("//faq", {}, "HEAD")).headers.location).toBe("/faq");
    expect(rendered).toEqual([]);
  });

  it("keys a page on the query parameters it declares, and keeps a bounded number of them", async () => {
    const { visit, rendered, cache } = site();
    expect(text(await visit("/search?q=cards&utm_source=x"))).toContain("page /search?q=cards");
    expect(text(await visit("/search?utm_source=y&q=cards"))).toContain("page /search?q=cards");
    expect(rendered).toEqual(["/search?q=cards"]);
    for (let index = 0; index < MAX_QUERY_VARIANTS + 50; index++) {
      expect(text(await visit(`/search?q=${index}`))).toContain(`page /search?q=${index}`);
    }
    expect(cache.size()).toBe(MAX_QUERY_VARIANTS);
  });

  it("with keep off renders the not-found page per request, still as a 404 with the public headers", async () => {
    const { visit, rendered } = site({ keep: false });
    const answer = await visit("/wp-admin/");
    expect(answer.status).toBe(301);
    const missing = await visit("/wp-admin");
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(rendered).toEqual([NOT_FOUND_RENDER_PATH]);
  });
});

describe("a flood of distinct addresses", () => {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc") as () => void;
  const heapUsed = () => {
    collect();
    collect();
    return process.memoryUsage().heapUsed;
  };

  it("does not grow memory: 100,000 query strings, 100,000 unknown paths, 100,000 declared values", async () => {
    const { visit, cache, rendered } = site();
    const headers = { "accept-encoding": "br" };
    // The copies themselves, and the code paths warmed up, before measuring.
    for (const url of ["/", "/nowhere", "/search?q=0"]) await visit(url, headers);
    for (let index = 1; index <= MAX_QUERY_VARIANTS; index++) await visit(`/search?q=${index}`, headers);
    for (let index = 0; index < 2_000; index++) await visit(`/?warm=${index}`, headers);
    const before = heapUsed();
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    for (let index = 0; index < 100_000; index++) {
      count((await visit(`/?utm_source=s${index}&utm_medium=email&gclid=${index * 7919}`, headers)).status);
      count((await visit(`/scan-${index}/wp-login.php?id=${index}`, headers)).status);
      count((await visit(`/search?q=flood-${index}`, headers)).status);
    }
    const grown = heapUsed() - before;
    expect(Object.fromEntries(statuses)).toEqual({ 200: 200_000, 404: 100_000 });
    // The landing page, the not-found copy and the bounded number of /search variants.
    expect(cache.size()).toBe(2 + MAX_QUERY_VARIANTS);
    expect(rendered.filter((path) => !path.startsWith("/search"))).toEqual(["/", NOT_FOUND_RENDER_PATH]);
    expect(grown).toBeLessThan(4 * 1024 * 1024);
  });
});
