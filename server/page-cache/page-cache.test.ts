import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { hashedPolicy, inlineScriptHashes } from "./inline-script-hashes";
import { createPageCache, type RenderPage } from "./page-cache";
import { createPageRoutes, NOT_FOUND_RENDER_PATH } from "./page-routes";
import { createRenderQueue } from "./render-queue";
import { testRouteTable } from "../../tests/support/route-table";

const sha = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

describe("cached page CSP", () => {
  const html =
    '<html><head><script nonce="">window.a=1;</script><script type="module" src="/assets/x.js"></script></head>' +
    '<body><script>console.log("b")</script><script nonce="">window.a=1;</script></body></html>';

  it("hashes each distinct inline script and skips external ones", () => {
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1;"), sha('console.log("b")')]);
  });

  it("leaves out JSON data blocks, which nothing runs, and hashes every other inline script", () => {
    const data = '<script type="application/ld+json">{"@type":"Organization"}</script><script type=application/json>{"a":1}</script>';
    const run = [
      ["module", "import('/m.js')"],
      // The module starter's block: data until the starter turns it into a module.
      ["text/x-deferred-module", "import('/assets/entry.js')"],
      ["importmap", '{"imports":{}}'],
      [" Text/JavaScript ", "window.d=4"],
      ["", "window.e=5"],
    ];
    const scripts = run.map(([type, source]) => `<script type='${type}'>${source}</script>`).join("");
    expect(inlineScriptHashes(data + scripts)).toEqual(run.map(([, source]) => sha(source!)));
  });

  it("gives every script its own hash, however many different scripts it has seen", () => {
    const scripts = Array.from({ length: 600 }, (_, index) => `window.page=${index};`);
    const hashes = scripts.map((script) => inlineScriptHashes(`<script>${script}</script>`)[0]);
    expect(new Set(hashes).size).toBe(600);
    scripts.forEach((script, index) => {
      expect(inlineScriptHashes(`<p>again</p><script>${script}</script>`)).toEqual([sha(script)]);
      expect(hashes[index]).toBe(sha(script));
    });
  });

  it("replaces the nonce source of the policy with the page's hashes", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-RECORDED';object-src 'none'";
    expect(hashedPolicy(policy, html)).toBe(
      `default-src 'self';script-src 'self' ${sha("window.a=1;")} ${sha('console.log("b")')};object-src 'none'`,
    );
  });
});

describe("the page cache's two modes", () => {
  const page = (body: string) => `<html><head><script nonce="">window.a=1;</script></head><body>${body}</body></html>`;

  async function serve(options: {
    keep: boolean;
    render?: RenderPage;
    queue?: <T>(task: () => Promise<T>) => Promise<T>;
    onSent?: () => void;
    counters?: { hit(): void; miss(): void };
    finish?: (html: string) => Promise<string>;
  }) {
    let renders = 0;
    const render: RenderPage =
      options.render ??
      (async (path) => {
        renders += 1;
        return {
          status: path === NOT_FOUND_RENDER_PATH ? 404 : 200,
          headers: new Headers({ "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'self' 'nonce-x'" }),
          html: page(`render ${renders}`),
        };
      });
    const routes = createPageRoutes(testRouteTable);
    const cache = createPageCache({
      enabled: true,
      keep: options.keep,
      render,
      routes,
      queue: options.queue ?? createRenderQueue(2),
      counters: options.counters,
      finish: options.finish,
    });
    let fallbacks = 0;
    const server = http.createServer((req, res) => {
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
      res.end = ((...args: unknown[]) => {
        options.onSent?.();
        return end(...args);
      }) as typeof res.end;
      const fallback = () => {
        fallbacks += 1;
        res.writeHead(500).end("answered by the rest of the server");
      };
      if (!cache.handle(req, res, fallback)) res.writeHead(404).end("not a page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers }),
      renders: () => renders,
      fallbacks: () => fallbacks,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it("keeps one rendering per page while the content is unchanged", async () => {
    const site = await serve({ keep: true });
    try {
      expect(await (await site.get("/fees")).text()).toContain("render 1");
      expect(await (await site.get("/fees")).text()).toContain("render 1");
      expect(site.renders()).toBe(1);
    } finally {
      await site.close();
    }
  });

  it("counts hits and misses for the metrics, when given counters", async () => {
    const counted = { hit: 0, miss: 0 };
    const counters = { hit: () => (counted.hit += 1), miss: () => (counted.miss += 1) };
    // Each render takes a while, so that the two requests sent at once both find it running.
    const slowRender: RenderPage = async (path) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return {
        status: path === NOT_FOUND_RENDER_PATH ? 404 : 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        html: page(path),
      };
    };
    const kept = await serve({ keep: true, counters, render: slowRender });
    // Two requests at once share one render: both missed the cache.
    await Promise.all([kept.get("/"), kept.get("/")]);
    await kept.get("/");
    const etag = (await kept.get("/fees")).headers.get("etag")!;
    expect((await kept.get("/fees", { "if-none-match": etag })).status).toBe(304);
    await kept.get("/no-such-page");
    await kept.get("/no-such-page");
    expect(counted).toEqual({ hit: 3, miss: 4 });
    await kept.close();

    const uncounted = { hit: 0, miss: 0 };
    const rendered = await serve({ keep: false, counters: { hit: () => (uncounted.hit += 1), miss: () => (uncounted.miss += 1) } });
    await rendered.get("/");
    await rendered.get("/");
    expect(uncounted).toEqual({ hit: 0, miss: 2 });
    await rendered.close();
  });

  it("finishes a page once, before it is kept, and hashes the scripts the finishing added", async () => {
    let finished = 0;
    const finish = async (html: string) => {
      finished += 1;
      return html.replace("</body>", "<script>window.painted=1;</script></body>");
    };
    const kept = await serve({ keep: true, finish });
    try {
      for (let visit = 0; visit < 3; visit++) {
        const response = await kept.get("/fees");
        expect(await response.text()).toContain("<script>window.painted=1;</script>");
        expect(response.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha("window.a=1;")} ${sha("window.painted=1;")}`);
      }
      expect(finished).toBe(1);
    } finally {
      await kept.close();
    }
    // A page rendered for one request is sent as rendered.
    const perRequest = await serve({ keep: false, finish });
    try {
      expect(await (await perRequest.get("/fees")).text()).not.toContain("window.painted");
      expect(finished).toBe(1);
    } finally {
      await perRequest.close();
    }
  });

  it("with keep off renders every request, compressed as asked, with the same headers and revalidation", async () => {
    const site = await serve({ keep: false });
    try {
      const brotli = await site.get("/fees", { "accept-encoding": "br" });
      expect(brotli.headers.get("content-encoding")).toBe("br");
      expect(await brotli.text()).toContain("render 1");
      const gzip = await site.get("/fees", { "accept-encoding": "gzip" });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(await gzip.text()).toContain("render 2");
      const plain = await site.get("/fees", { "accept-encoding": "identity" });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(page("render 3")));
      expect(plain.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha("window.a=1;")}`);
      expect(plain.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(site.renders()).toBe(3);
    } finally {
      await site.close();
    }
  });

  it("with keep off answers 304 when the rendering matches the visitor's copy", async () => {
    const fixed: RenderPage = async () => ({ status: 200, headers: new Headers({ "content-type": "text/html" }), html: page("same") });
    const site = await serve({ keep: false, render: fixed });
    try {
      const first = await site.get("/faq");
      const again = await site.get("/faq", { "if-none-match": first.headers.get("etag")! });
      expect(again.status).toBe(304);
    } finally {
      await site.close();
    }
  });

  it("with keep off sends each page within its turn in the queue, not after it", async () => {
    // What a request holds while it waits in line is old by the time its turn comes; a page
    // handed back through it, rather than sent within the turn, lived on until a full collection.
    const events: string[] = [];
    const queue = createRenderQueue(1);
    const site = await serve({
      keep: false,
      queue: async (task) => {
        const result = await queue(task);
        events.push("turn over");
        return result;
      },
      onSent: () => events.push("sent"),
    });
    try {
      expect((await site.get("/fees")).status).toBe(200);
      expect(events).toEqual(["sent", "turn over"]);
    } finally {
      await site.close();
    }
  });

  it("leaves other addresses, and pages that fail to render, to the rest of the server", async () => {
    const failing: RenderPage = () => Promise.reject(new Error("database unavailable"));
    const site = await serve({ keep: false, render: failing });
    try {
      expect((await site.get("/admin")).status).toBe(404);
      expect(await (await site.get("/robots.txt")).text()).toBe("not a page");
      const failed = await site.get("/fees");
      expect(failed.status).toBe(500);
      expect(site.fallbacks()).toBe(1);
    } finally {
      await site.close();
    }
  });
});
