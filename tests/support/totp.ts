import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string) {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * RFC 6238 TOTP as an authenticator app computes it: HMAC-SHA1 over the 30-second step
 * counter, dynamic truncation (RFC 4226), six digits. `secret` is the base32 text of the
 * otpauth URI (what the dashboard shows for manual entry).
 */
export function totp(secret: string, at = Date.now(), step = 30, digits = 6) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / step)));
  const hash = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0x0f;
  const binary = (hash.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

/** A six-digit code that is not the current one, nor its neighbours an app's clock drift allows. */
export function wrongCode(secret: string, at = Date.now()) {
  const valid = new Set([-1, 0, 1].map((shift) => totp(secret, at + shift * 30_000)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}
