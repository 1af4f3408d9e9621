// The baselines `npm run bench` compares the site with, serving the same gzip bytes: a minimal
// node:http server and nginx with gzip_static; and the exact bytes of one answer.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { pinned, waitFor } from "./production-server.js";

/**
 * A minimal node:http server sending `gzipped` for every request: with the three headers a
 * static server needs, or with `headers` (the site's own head, to measure what its bytes cost).
 * @param {Buffer} gzipped @param {number} port @param {number} core @param {[string, string][]} [headers]
 */
export async function startNodeBaseline(gzipped, port, core, headers) {
  const file = path.join(os.tmpdir(), `bench-baseline-${process.pid}-${port}.html.gz`);
  fs.writeFileSync(file, gzipped);
  const head = headers ?? [
    ["content-type", "text/html; charset=utf-8"],
    ["content-encoding", "gzip"],
    ["content-length", String(gzipped.length)],
  ];
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const head = ${JSON.stringify(head)};
    http.createServer((req, res) => {
      res.writeHead(200, head);
      res.end(body);
    }).listen(${port});`;
  const [command, args] = pinned(core, process.execPath, ["-e", source]);
  const child = spawn(command, args, { stdio: "ignore" });
  await waitFor(`http://127.0.0.1:${port}/`);
  return { child, stop: () => stopChild(child, () => fs.rmSync(file, { force: true })) };
}

/**
 * The header fields of an answer as `rawAnswer` read it, without those node:http adds itself
 * (Date, Connection, Keep-Alive).
 * @param {string} head @returns {[string, string][]}
 */
export function headerFields(head) {
  return head
    .split("\r\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => /** @type {[string, string]} */ ([line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]))
    .filter(([name]) => !/^(date|connection|keep-alive)$/i.test(name));
}

/**
 * The fields of a head (as `rawAnswer` read it) that nginx does not write itself when it sends a
 * file: without Date, Connection, Keep-Alive, Server, Content-Type, Content-Length,
 * Content-Encoding, Last-Modified, ETag and Accept-Ranges.
 * @param {string} head @returns {[string, string][]}
 */
export function nginxAddedFields(head) {
  return headerFields(head).filter(
    ([name]) => !/^(server|content-type|content-length|content-encoding|last-modified|etag|accept-ranges)$/i.test(name),
  );
}

/** nginx from the system's packages, or undefined when it is not installed. */
export function nginxPath() {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")[0];
  return found || undefined;
}

/**
 * nginx, one worker, serving `gzipped` as `/index.html.gz` with gzip_static for `/`, and an
 * access log buffered as the site's is (one line per request, written in batches). With `headers`
 * (fields an answer carries besides those nginx writes itself: see `nginxAddedFields`), nginx
 * sends them too, so that it answers with the same head as the server it is compared with.
 * @param {string} nginx @param {Buffer} gzipped @param {number} port @param {number} core
 * @param {[string, string][]} [headers]
 */
export async function startNginx(nginx, gzipped, port, core, headers = []) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  fs.mkdirSync(path.join(directory, "html"));
  fs.writeFileSync(path.join(directory, "html/index.html.gz"), gzipped);
  fs.writeFileSync(path.join(directory, "html/index.html"), zlib.gunzipSync(gzipped));
  // The workers run as an unprivileged user: they must be able to read the page.
  fs.chmodSync(directory, 0o755);
  fs.chmodSync(path.join(directory, "html"), 0o755);
  for (const file of ["index.html", "index.html.gz"]) fs.chmodSync(path.join(directory, "html", file), 0o644);
  fs.writeFileSync(
    path.join(directory, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${directory}/access.log combined buffer=32k flush=1s;
  client_body_temp_path ${directory}/tmp; proxy_temp_path ${directory}/tmp; fastcgi_temp_path ${directory}/tmp;
  uwsgi_temp_path ${directory}/tmp; scgi_temp_path ${directory}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${directory}/html;
    types { } default_type "text/html; charset=utf-8"; gzip_static on;
${headers.map(([name, value]) => `    add_header ${name} "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}";\n`).join("")}    location = / { try_files /index.html =404; }
  }
}
`,
  );
  const [command, args] = pinned(core, nginx, [
    "-c",
    path.join(directory, "nginx.conf"),
    "-p",
    directory,
    "-e",
    path.join(directory, "error.log"),
  ]);
  const child = spawn(command, args, { stdio: "ignore" });
  await waitFor(`http://127.0.0.1:${port}/`);
  return { child, stop: () => stopChild(child, () => fs.rmSync(directory, { recursive: true, force: true })) };
}

/** @param {import("node:child_process").ChildProcess} child @param {() => void} cleanUp */
async function stopChild(child, cleanUp) {
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  }
  cleanUp();
}

/**
 * One GET over a fresh connection, as a browser asks for a page; the bytes of the answer as sent.
 * @param {number} port @param {string} pathname @param {Record<string, string>} headers
 * @returns {Promise<{ status: number; head: string; headBytes: number; body: Buffer }>}
 */
export function rawAnswer(port, pathname, headers = {}) {
  const lines = [
    `GET ${pathname} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const chunks = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf("\r\n\r\n") + 4;
      const head = all.subarray(0, headEnd).toString("latin1");
      resolve({ status: Number(head.split(" ")[1]), head, headBytes: headEnd, body: all.subarray(headEnd) });
    });
  });
}
