// A kept copy's response head as bytes, written as they are: `res.writeHead` validates, joins and
// encodes the same eleven fields again for every answer, a cost that showed in cached pages'
// throughput (docs/performance.md, "Ready heads", and its A/B under "Experiments behind the code").
//
// The head is validated once, when the copy is made, and handed to node:http as the message's
// head (`_header`), which is what `writeHead` itself leaves there: `end(body)` then writes the
// head and the body in one writev, and every other part of node:http (keep-alive, pipelining,
// 'finish', the connection's next request) goes on as after a `writeHead`. Only an answer on a
// connection node:http keeps alive is sent this way; any other (HTTP/1.0 without keep-alive,
// `Connection: close`, the last request a socket may make, an expected 100-continue, a HEAD
// request's) is sent by `writeHead`, so node:http decides what it always decided.
// ready-head.test.ts compares the bytes with `writeHead`'s, the Date aside, and the page cache's
// answers both ways (ready heads on and off). This is the one module that touches node:http's
// private fields (eslint.config.js refuses them elsewhere): a Node that changes them fails
// `readyHeadsSupported`'s test, and the site answers through `writeHead`.
import http, { STATUS_CODES, validateHeaderName, validateHeaderValue, type ServerResponse } from "node:http";

/** What a response must look like for its head to be written as bytes: untouched, kept alive. */
interface ResponseState {
  _header: unknown;
  _hasBody: boolean;
  chunkedEncoding: boolean;
  _expect_continue?: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket?: number;
  _defaultKeepAlive: boolean;
  _contentLength: number | null;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached: boolean;
  sendDate: boolean;
}

/**
 * Whether this Node's responses have the fields the ready head relies on, with the values a new
 * response has. Checked once at start; where they differ (a Node that changed them), every
 * answer goes through `writeHead` as before.
 */
export function responseFieldsAsExpected(response: Record<string, unknown>): boolean {
  return (
    response._header === null &&
    response._headerSent === false &&
    response.shouldKeepAlive === true &&
    response.maxRequestsOnConnectionReached === false &&
    response._defaultKeepAlive === true &&
    response._hasBody === true &&
    response.chunkedEncoding === false &&
    response.sendDate === true &&
    typeof response._keepAliveTimeout === "number" &&
    typeof response._send === "function"
  );
}

function newResponse() {
  const request = new http.IncomingMessage(null as never);
  request.httpVersionMajor = 1;
  request.httpVersionMinor = 1;
  return new http.ServerResponse(request) as unknown as Record<string, unknown>;
}

export const readyHeadsSupported = responseFieldsAsExpected(newResponse());

let readyHeadsOn = readyHeadsSupported;

/** Sends every answer through `writeHead` (false), or ready heads again where supported (the tests, to run both ways). */
export function setReadyHeads(on: boolean) {
  readyHeadsOn = on && readyHeadsSupported;
}

/** Header fields node:http sets or acts on itself: a head naming one is always sent by `writeHead`. */
const MANAGED_FIELDS = new Set(["connection", "keep-alive", "date", "transfer-encoding", "expect", "trailer"]);

export interface ReadyHead {
  status: number;
  /** Bytes of the status line and the copy's fields, each line ended. */
  fields: Buffer;
  contentLength: number;
  /** The whole head for the second and keep-alive settings it was made for. */
  bytes: Buffer | undefined;
  second: number;
  keepAlive: string;
}

/**
 * The ready head of an answer with this status and these fields (a flat [name, value, ...] list
 * with a content-length), or undefined when `writeHead` must send it: a field node:http manages,
 * one it would refuse, a byte outside printable ASCII, or a Node whose responses differ.
 */
export function readyHead(status: number, fields: readonly string[]): ReadyHead | undefined {
  if (!readyHeadsSupported || !STATUS_CODES[status] || status === 304 || status === 204 || status < 200) return undefined;
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  let contentLength: number | undefined;
  for (let index = 0; index < fields.length; index += 2) {
    const name = fields[index]!;
    const value = fields[index + 1]!;
    // The checks writeHead makes, once. A field it would refuse is left to it, to refuse as before.
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      return undefined;
    }
    const lower = name.toLowerCase();
    if (MANAGED_FIELDS.has(lower) || !/^[\x20-\x7e]*$/.test(value)) return undefined;
    if (lower === "content-length") contentLength = Number(value);
    text += `${name}: ${value}\r\n`;
  }
  if (contentLength === undefined || !Number.isSafeInteger(contentLength)) return undefined;
  return { status, fields: Buffer.from(text, "latin1"), contentLength, bytes: undefined, second: -1, keepAlive: "" };
}

/** The Date field of this second, as node:http writes it (its own is cached per second too). */
let dateSecond = -1;
let dateLine = "";

/** The lines node:http adds after the fields of an answer on a connection it keeps alive, for the server's settings. */
let keepAliveTimeout = -1;
let keepAliveMax = -1;
let keepAliveText = "";
function keepAliveLines(response: ResponseState): string {
  const timeout = response._keepAliveTimeout;
  const max = ~~(response._maxRequestsPerSocket ?? 0);
  if (timeout !== keepAliveTimeout || max !== keepAliveMax) {
    keepAliveTimeout = timeout;
    keepAliveMax = max;
    keepAliveText = timeout
      ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(timeout / 1000)}${max > 0 ? `, max=${max}` : ""}\r\n`
      : "Connection: keep-alive\r\n";
  }
  return keepAliveText;
}

/**
 * Sends `body` with its ready head and returns true, or returns false without touching the
 * response when node:http must write this answer's head itself (see the top of this file).
 */
export function sendWithReadyHead(res: ServerResponse, head: ReadyHead, body: Buffer): boolean {
  const response = res as unknown as ResponseState;
  if (
    !readyHeadsOn ||
    response._header !== null ||
    !response._hasBody ||
    response.chunkedEncoding ||
    !response.shouldKeepAlive ||
    response.maxRequestsOnConnectionReached ||
    response._expect_continue ||
    !response._defaultKeepAlive ||
    !response.sendDate ||
    body.length === 0 ||
    body.length !== head.contentLength
  ) {
    return false;
  }
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  const keepAlive = keepAliveLines(response);
  if (head.second !== second || head.keepAlive !== keepAlive) {
    head.bytes = Buffer.concat([head.fields, Buffer.from(`${dateLine}${keepAlive}\r\n`, "latin1")]);
    head.second = second;
    head.keepAlive = keepAlive;
  }
  res.statusCode = head.status;
  res.statusMessage = STATUS_CODES[head.status]!;
  response._contentLength = head.contentLength;
  response._header = head.bytes;
  res.end(body);
  return true;
}
