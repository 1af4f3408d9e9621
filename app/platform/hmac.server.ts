import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The key behind the client-address hashes and the fill-time stamps: the auth secret, handed
 * over at start. A process that was never given one (a script) uses a random key of its own,
 * so hashes and stamps still hold within it.
 */
let secret: string | undefined;

export function setContactSecret(value: string | undefined) {
  secret = value;
}

function key() {
  secret ??= randomBytes(32).toString("base64url");
  return secret;
}

export const sign = (purpose: string, value: string) => createHmac("sha256", key()).update(`${purpose}:${value}`).digest("base64url");

/**
 * The visitor's address as a salted one-way hash: enough to count one client's messages,
 * never enough to recover the address.
 */
export const hashClientAddress = (address: string) => sign("contact-client", address);

/** The fill-time stamp: when the form was shown, signed so a client cannot backdate it. */
export const STAMP_COOKIE = "contact_stamp";
/** A human needs longer than this to fill in four fields; scripts post at once. */
export const MIN_FILL_MS = 3_000;
/** A stamp older than this is stale: the page is reloaded before a message is sent. */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const createStamp = (now = Date.now()) => `${now}.${sign("contact-stamp", String(now))}`;

/** Whether the stamp is genuine and old enough (and not stale) at `now`. */
export function stampVerdict(
  stamp: string | undefined,
  now = Date.now(),
  minFillMs = MIN_FILL_MS,
): "ok" | "missing" | "forged" | "too-fast" | "stale" {
  if (!stamp) return "missing";
  const match = /^(\d{10,16})\.([\w-]{43})$/.exec(stamp);
  if (!match) return "forged";
  const expected = Buffer.from(sign("contact-stamp", match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged";
  const age = now - Number(match[1]);
  if (age < minFillMs) return "too-fast";
  if (age > STAMP_MAX_AGE_MS) return "stale";
  return "ok";
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [cookieName, ...rest] = part.trim().split("=");
    if (cookieName === name) return rest.join("=");
  }
  return undefined;
}

/** AES-256-GCM under a key derived from the secret: text kept in the database only sealed (a queued mail's reset link). */
const sealKey = () => createHmac("sha256", key()).update("seal-key").digest();

export function sealText(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The text of `sealText`; throws when it was sealed under another secret or altered. */
export function openText(sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("not a sealed text");
  const decipher = createDecipheriv("aes-256-gcm", sealKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
