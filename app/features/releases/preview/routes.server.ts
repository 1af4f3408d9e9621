import { eq } from "drizzle-orm";
import { releases } from "~/db/schema";
import { releasePath } from "~/features/releases/contract";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { readCookie } from "~/platform/hmac.server";
import {
  ADMIN_PREVIEW_MS,
  clearPreviewCookieHeader,
  PREVIEW_COOKIE,
  previewCookieHeader,
  readPreviewCookie,
  type PreviewClaim,
} from "./preview-token.server";

/** Whether cookies must be sent over HTTPS only (the site's public address is https). */
export const secureCookies = () => getEnv().PUBLIC_URL?.startsWith("https://") ?? false;

export async function releaseExists(releaseId: number) {
  const [row] = await getDb().select({ id: releases.id }).from(releases).where(eq(releases.id, releaseId));
  return Boolean(row);
}

/** The answer that starts a preview: the cookie, then the page asked for. */
export function startPreview(claim: PreviewClaim, path: string) {
  return new Response(null, {
    status: 303,
    headers: {
      Location: path,
      "Set-Cookie": previewCookieHeader(claim, secureCookies()),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

export const adminPreviewClaim = (releaseId: number | undefined): PreviewClaim => ({
  kind: "admin",
  releaseId: releaseId ?? 0,
  expires: Date.now() + ADMIN_PREVIEW_MS,
});

/**
 * 'Выйти из предпросмотра': the cookie goes; an administrator returns to the release, a reviewer to
 * the site. Always with a new page load, also when the hydrated page's router follows the link
 * (React Router's `X-Remix-Reload-Document`): the site and the dashboard are two applications.
 */
export function exitPreview(request: Request) {
  const claim = readPreviewCookie(readCookie(request, PREVIEW_COOKIE));
  const location = claim?.kind === "admin" ? (claim.releaseId ? releasePath(claim.releaseId) : "/admin") : "/";
  return new Response(null, {
    status: 303,
    headers: {
      Location: location,
      "Set-Cookie": clearPreviewCookieHeader(secureCookies()),
      "Cache-Control": "private, no-store",
      "X-Remix-Reload-Document": "true",
    },
  });
}
