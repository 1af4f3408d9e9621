import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { readyHead, readyHeadsSupported, sendWithReadyHead } from "./ready-head";

const body = Buffer.from("<!DOCTYPE html><html><body>A kept copy</body></html>");
const fields = [
  "content-security-policy",
  "default-src 'self';script-src 'self' 'sha256-mAiTxJeBE+ppD/40DHz5rN8Pb6+Xc/GRAl/KpmDxW4w=';frame-ancestors 'none'",
  "content-type",
  "text/html; charset=utf-8",
  "x-content-type-options",
  "nosniff",
  "etag",
  '"YXPpQdybqxZHiCyK9UD1ggWWPcA"',
  "content-length",
  String(body.length),
];

/**
 * A server answering `/ready` with the ready head (or writeHead where it declines, counted) and
 * `/written` with writeHead: the same fields and body, so the two answers can be compared byte
 * for byte. Each request's 'finish' is counted: node:http's own bookkeeping must see the answer end.
 */
async function startServer(configure?: (server: http.Server) => void) {
  const head = readyHead(200, fields)!;
  const counts = { ready: 0, declined: 0, finished: 0 };
  const server = http.createServer((req, res) => {
    res.on("finish", () => (counts.finished += 1));
    if (req.url === "/ready" && sendWithReadyHead(res, head, body)) {
      counts.ready += 1;
      return;
    }
    if (req.url === "/ready") counts.declined += 1;
    res.writeHead(200, fields);
    res.end(req.method === "HEAD" ? undefined : body);
  });
  configure?.(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, counts, port: (server.address() as AddressInfo).port };
}

/** Sends raw request text on one connection and reads until `answers` answers have come, or the server closes. */
function exchange(port: number, requests: string, answers: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const done = () => {
      socket.destroy();
      resolve(received);
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.split(body.toString("latin1")).length - 1 >= answers) done();
    });
    socket.on("end", done);
    socket.on("error", reject);
    socket.write(requests);
  });
}

const withoutDate = (answer: string) => answer.replace(/\r\nDate: [^\r]+/g, "\r\nDate: (date)");
const get = (path: string, headers = "") => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`;

describe("ready heads", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  async function started(configure?: (server: http.Server) => void) {
    const running = await startServer(configure);
    servers.push(running.server);
    return running;
  }

  it("are supported by this Node", () => {
    expect(readyHeadsSupported).toBe(true);
  });

  it("write the very bytes writeHead writes, Date aside, and node:http sees each answer finish", async () => {
    const { port, counts } = await started();
    const ready = await exchange(port, get("/ready"), 1);
    const written = await exchange(port, get("/written"), 1);
    expect(ready).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(ready).toContain("\r\nDate: ");
    expect(ready).toContain("\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n");
    expect(withoutDate(ready)).toBe(withoutDate(written));
    expect(counts).toEqual({ ready: 1, declined: 0, finished: 2 });
  });

  it("keep the connection for the next requests, pipelined ones answered in order", async () => {
    const { port, counts } = await started();
    const answers = await exchange(port, get("/ready") + get("/written") + get("/ready"), 3);
    const parts = answers.split("HTTP/1.1 200 OK").slice(1);
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part.endsWith(body.toString("latin1"))).toBe(true);
    expect(counts).toEqual({ ready: 2, declined: 0, finished: 3 });
  });

  it("name the server's own keep-alive settings", async () => {
    const { port } = await started((server) => {
      server.keepAliveTimeout = 7000;
      server.maxRequestsPerSocket = 5;
    });
    const ready = await exchange(port, get("/ready"), 1);
    const written = await exchange(port, get("/written"), 1);
    expect(ready).toContain("\r\nKeep-Alive: timeout=7, max=5\r\n");
    expect(withoutDate(ready)).toBe(withoutDate(written));
  });

  it("are declined where node:http would not keep the connection alive, and writeHead closes it as it always did", async () => {
    const { port, counts } = await started((server) => {
      server.maxRequestsPerSocket = 2;
    });
    // HTTP/1.0 without keep-alive, a client asking to close, and a socket's last allowed request.
    const old = await exchange(port, "GET /ready HTTP/1.0\r\nHost: localhost\r\n\r\n", 1);
    const closing = await exchange(port, get("/ready", "Connection: close\r\n"), 1);
    const last = await exchange(port, get("/ready") + get("/ready"), 2);
    expect(old).toContain("\r\nConnection: close\r\n");
    expect(closing).toContain("\r\nConnection: close\r\n");
    expect(last.match(/Connection: keep-alive/g)).toHaveLength(1);
    expect(last.match(/Connection: close/g)).toHaveLength(1);
    expect(counts).toEqual({ ready: 1, declined: 3, finished: 4 });
  });

  it("serve an HTTP/1.0 client that asks to keep the connection as writeHead would", async () => {
    const { port, counts } = await started();
    const request = (path: string) => `GET ${path} HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;
    const ready = await exchange(port, request("/ready"), 1);
    const written = await exchange(port, request("/written"), 1);
    expect(withoutDate(ready)).toBe(withoutDate(written));
    expect(counts.ready).toBe(1);
  });

  it("leave a HEAD request to writeHead: the head alone, with the body's length", async () => {
    const { port, counts } = await started();
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.request({ port, path: "/ready", method: "HEAD" }, resolve).on("error", reject).end();
    });
    expect(answer.headers["content-length"]).toBe(String(body.length));
    answer.resume();
    expect(counts).toMatchObject({ ready: 0, declined: 1 });
  });

  it("are not made for a head that node:http must write itself, or that it would refuse", () => {
    expect(readyHead(200, [...fields, "connection", "close"])).toBeUndefined();
    expect(readyHead(200, [...fields, "transfer-encoding", "chunked"])).toBeUndefined();
    expect(readyHead(200, [...fields, "x-note", "line\nbreak"])).toBeUndefined();
    expect(readyHead(200, [...fields, "x-note", "café"])).toBeUndefined();
    expect(readyHead(200, fields.slice(0, -2))).toBeUndefined();
    expect(readyHead(304, fields)).toBeUndefined();
    expect(readyHead(404, fields)).toMatchObject({ status: 404 });
  });

  it("are declined for a body of another length than the head names", async () => {
    const head = readyHead(200, fields)!;
    const server = http.createServer((_req, res) => {
      const sent = sendWithReadyHead(res, head, Buffer.from("short"));
      res.writeHead(200, { "x-sent-ready": String(sent) }).end("short");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(response.headers.get("x-sent-ready")).toBe("false");
    expect(await response.text()).toBe("short");
  });
});
