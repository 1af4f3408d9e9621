import { createStamp, STAMP_COOKIE, STAMP_MAX_AGE_MS } from "~/platform/hmac.server";
import { getEnv } from "~/platform/env.server";

// A transparent 1x1 GIF: the contact form loads it as an image, so it arrives with or without JavaScript.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Starts the contact form's fill-time clock. The page itself is cached and the same for every
 * visitor, so it cannot carry a per-visitor time; its form loads this image instead, which
 * sets a signed stamp of now in a cookie the form's post then carries (decision 0010).
 */
export function loader() {
  const secure = getEnv().PUBLIC_URL?.startsWith("https://") ? "; Secure" : "";
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "Set-Cookie": `${STAMP_COOKIE}=${createStamp()}; Path=/; Max-Age=${STAMP_MAX_AGE_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
    },
  });
}
