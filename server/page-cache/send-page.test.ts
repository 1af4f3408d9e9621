import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { readyHeadsSupported, responseFieldsAsExpected, setReadyHeads } from "./ready-head";
import { compressForCache, type CacheRequest, type CachedPage } from "./rendered-page";
import { sendCached } from "./send-page";

// The page cache's hits, sent both ways: with ready heads (node:http's private fields, fenced in
// ready-head.ts) and through `writeHead` alone, as on a Node whose responses changed. Both must
// put the same bytes on the wire.
const html = `<!DOCTYPE html><html><body>${"<p>Комиссия 1,50 €</p>".repeat(200)}</body></html>`;
const request: CacheRequest = { kind: "page", key: "/fees", render: "/fees", status: 200, path: "/fees" };

async function keptPage(): Promise<CachedPage> {
  return compressForCache({
    version: 1,
    status: 200,
    etag: '"fees-etag"',
    headers: [
      ["content-type", "text/html; charset=utf-8"],
      ["content-security-policy", "default-src 'self';frame-ancestors 'none'"],
      ["cache-control", "public, max-age=0, must-revalidate"],
      ["vary", "Accept-Encoding"],
    ],
    identity: Buffer.from(html, "utf8"),
  });
}

/** Raw request text sent on one connection; resolves with what came back once the server goes quiet. */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString("latin1"));
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(quiet);
      quiet = setTimeout(done, 150);
    });
    socket.on("end", done);
    socket.on("error", reject);
    socket.write(text);
  });
}

const withoutDate = (answer: string) => answer.replace(/\r\nDate: [^\r]+/g, "\r\nDate: (date)");
const requests = [
  "GET /fees HTTP/1.1\r\nHost: localhost\r\n\r\n",
  "GET /fees HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n",
  "GET /fees HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip, br\r\n\r\n",
  'GET /fees HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: "fees-etag"\r\n\r\n',
  "HEAD /fees HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n",
  "GET /fees HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
];

describe("a kept page's answer", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  });
  afterAll(() => setReadyHeads(true));

  async function answers(readyHeads: boolean) {
    setReadyHeads(readyHeads);
    const page = await keptPage();
    let writeHeads = 0;
    server = http.createServer((req, res) => {
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((...args: Parameters<typeof res.writeHead>) => ((writeHeads += 1), writeHead(...args))) as typeof res.writeHead;
      sendCached(req, res, request, page);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const sent: string[] = [];
    for (const text of requests) sent.push(withoutDate(await exchange(port, text)));
    // Three pipelined on one kept-alive connection, as a browser's next requests come.
    sent.push(withoutDate(await exchange(port, requests[0]! + requests[2]! + requests[0]!)));
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    return { sent, writeHeads };
  }

  it("is the same bytes with ready heads as through writeHead, each encoding, a 304, a HEAD and a closing connection", async () => {
    expect(readyHeadsSupported).toBe(true);
    const ready = await answers(true);
    const written = await answers(false);
    expect(ready.sent).toEqual(written.sent);
    expect(ready.sent[1]).toContain("\r\ncontent-encoding: gzip\r\n");
    expect(ready.sent[2]).toContain("\r\ncontent-encoding: br\r\n");
    expect(ready.sent[3]).toMatch(/^HTTP\/1\.1 304 /);
    expect(ready.sent[6]!.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
    // Ready heads took the kept-alive GETs (3 + 3 pipelined); writeHead the 304, the HEAD and the closing one.
    expect(ready.writeHeads).toBe(3);
    expect(written.writeHeads).toBe(requests.length + 3);
  });

  it("goes through writeHead on a Node whose responses lack a field the ready heads rely on", () => {
    const request = new http.IncomingMessage(null as never);
    request.httpVersionMajor = 1;
    request.httpVersionMinor = 1;
    const response = new http.ServerResponse(request) as unknown as Record<string, unknown>;
    expect(responseFieldsAsExpected(response)).toBe(true);
    expect(responseFieldsAsExpected({ ...response, _hasBody: undefined })).toBe(false);
    expect(responseFieldsAsExpected({ ...response, _send: undefined })).toBe(false);
  });
});
