import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { sign } from "~/platform/hmac.server";

/**
 * The preview cookie and the reviewer link's token, both signed with the site's key (the auth
 * secret, app/platform/hmac.server.ts), so a value cannot be made up or altered.
 *
 * - Cookie `release_preview`: `a.<releaseId>.<expiresMs>.<signature>` for an administrator (the
 *   release 0 is the live site), valid only with an administrator's session; or
 *   `r.<linkId>.<expiresMs>.<signature>` for a reviewer, valid only while the link is neither
 *   revoked nor expired (checked in the database on every request).
 * - Reviewer token: `<linkId>.<expiresMs>.<random>.<signature>`; the database keeps only its SHA-256.
 */
export const PREVIEW_COOKIE = "release_preview";
/** How long an administrator's preview lasts without being opened again. */
export const ADMIN_PREVIEW_MS = 8 * 60 * 60 * 1000;
export const REVIEW_LINK_DAYS_DEFAULT = 7;
export const REVIEW_LINK_DAYS_MAX = 30;

export type PreviewClaim = { kind: "admin"; releaseId: number; expires: number } | { kind: "reviewer"; linkId: number; expires: number };

const signatureMatches = (purpose: string, payload: string, given: string) => {
  const expected = Buffer.from(sign(purpose, payload));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

export function previewCookieValue(claim: PreviewClaim): string {
  const payload = claim.kind === "admin" ? `a.${claim.releaseId}.${claim.expires}` : `r.${claim.linkId}.${claim.expires}`;
  return `${payload}.${sign("release-preview", payload)}`;
}

/** The claim a cookie makes, or undefined when it is forged, malformed or past its time. */
export function readPreviewCookie(value: string | undefined, now = Date.now()): PreviewClaim | undefined {
  const match = /^([ar])\.(\d{1,9})\.(\d{10,16})\.([\w-]{43})$/.exec(value ?? "");
  if (!match) return undefined;
  const [, kind, id, expires] = match;
  if (!signatureMatches("release-preview", `${kind}.${id}.${expires}`, match[4]!)) return undefined;
  if (Number(expires) <= now) return undefined;
  return kind === "a"
    ? { kind: "admin", releaseId: Number(id), expires: Number(expires) }
    : { kind: "reviewer", linkId: Number(id), expires: Number(expires) };
}

export function previewCookieHeader(claim: PreviewClaim, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((claim.expires - Date.now()) / 1000));
  return `${PREVIEW_COOKIE}=${previewCookieValue(claim)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const clearPreviewCookieHeader = (secure: boolean) =>
  `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

export function reviewToken(linkId: number, expires: number): string {
  const payload = `${linkId}.${expires}.${randomBytes(16).toString("base64url")}`;
  return `${payload}.${sign("release-review-link", payload)}`;
}

/** The link id and expiry a token names, when its signature holds (its database row decides the rest). */
export function readReviewToken(token: string): { linkId: number; expires: number } | undefined {
  const match = /^(\d{1,9})\.(\d{10,16})\.([\w-]{22})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  if (!signatureMatches("release-review-link", `${match[1]}.${match[2]}.${match[3]}`, match[4]!)) return undefined;
  return { linkId: Number(match[1]), expires: Number(match[2]) };
}

export const hashReviewToken = (token: string) => createHash("sha256").update(token).digest("hex");
