import { getEnv } from "./env.server";

/** The site's public origin: PUBLIC_URL when set, otherwise the origin the request came to. */
export function siteOrigin(request: Request): string {
  return getEnv().PUBLIC_URL ?? new URL(request.url).origin;
}
