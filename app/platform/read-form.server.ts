import { STATUS_CODES } from "node:http";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { ActionFailure } from "./action-result";
import { logger } from "./logger.server";

/**
 * The largest form body read: a legal page's HTML (200,000 characters) and its editor document
 * (1,000,000), URL-encoded, where one Cyrillic character can take nine bytes.
 */
export const MAX_FORM_BYTES = 16 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const formMessages = {
  notAForm: "Запрос должен быть отправлен формой",
  tooLarge: "Запрос слишком большой",
  unreadable: "Не удалось прочитать форму",
  fileNotExpected: "Эта форма не принимает файлы",
  duplicateField: "Каждое поле формы может быть передано только один раз",
} as const;

/** What a refused body answers: the shape every dashboard failure has, with no detail of the body. */
type FormRefusal = ActionFailure & { code: "validation"; message: string };

function refuse(request: Request, status: number, message: string, reason: string): never {
  // Logged once, with the route and the reason, never the body itself.
  logger.warn({ path: new URL(request.url).pathname, method: request.method, status, reason }, "request body refused");
  throw data<FormRefusal>({ ok: false, intent: "", code: "validation", message }, { status, statusText: STATUS_CODES[status] });
}

/** Reads at most `limit` bytes of the body; null when it is longer. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      // Not cancelled: that would destroy the connection before the refusal is sent. The server
      // discards or closes on the rest once the answer is out (server/http/early-answers.ts).
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(length));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The posted form as plain strings: the one way every action reads its body. Anything that is
 * not a form of text fields (another content type, a body too large to be a form, one that does
 * not parse, a file, a field sent twice) is refused with a 4xx answer the dashboard can show,
 * thrown so that no action can go on to treat it as input.
 */
export async function readForm(request: Request, options: { limit?: number } = {}): Promise<Record<string, string>> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((type) => contentType.startsWith(type))) {
    // Nothing to read: a body-less post is an empty form, which every schema refuses.
    if (!request.body && !contentType) return {};
    refuse(request, 415, formMessages.notAForm, `content type ${contentType.split(";")[0] || "missing"}`);
  }
  const bytes = await readBytes(request, options.limit ?? MAX_FORM_BYTES).catch(() => undefined);
  if (bytes === undefined) refuse(request, 400, formMessages.unreadable, "body could not be read");
  if (bytes === null) refuse(request, 413, formMessages.tooLarge, "body too large");
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    refuse(request, 400, formMessages.unreadable, "form did not parse");
  }
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of form) {
    if (typeof value !== "string") refuse(request, 400, formMessages.fileNotExpected, "file in a form");
    if (name in fields) refuse(request, 400, formMessages.duplicateField, "field sent twice");
    fields[name] = value;
  }
  return fields;
}

/**
 * The request body as a Node stream for code that reads it piece by piece (uploads). Destroying
 * it (a file refused halfway) stops reading without destroying the connection, so the refusal
 * still reaches the client; the server then discards or closes on the rest.
 */
export function bodyReadable(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      try {
        reader.releaseLock();
      } catch {
        // A read still pending: it is rejected, and nothing more is read.
      }
      callback(error);
    },
  });
}
