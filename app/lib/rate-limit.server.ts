import { CLIENT_IP_HEADER } from "./auth.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

const WINDOW_MS = 60_000;
const buckets = new Map<string, number[]>();

/** Sliding-window counter: records an attempt and says whether it is within the limit. */
export function takeAttempt(key: string, limit: number, now = Date.now()) {
  const recent = (buckets.get(key) ?? []).filter((time) => now - time < WINDOW_MS);
  if (recent.length >= limit) {
    buckets.set(key, recent);
    const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - now) / 1000));
    return { allowed: false, retryAfterSeconds };
  }
  recent.push(now);
  buckets.set(key, recent);
  if (buckets.size > 10_000) pruneBuckets(now);
  return { allowed: true, retryAfterSeconds: 0 };
}

function pruneBuckets(now: number) {
  for (const [key, times] of buckets) {
    if (times.every((time) => now - time >= WINDOW_MS)) buckets.delete(key);
  }
}

export function resetRateLimits() {
  buckets.clear();
}

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** Passwords, sign-ups, and two-factor codes (at sign-in and at enrolment) are counted apart. */
export type AuthAttempt = "sign-in" | "sign-up" | "two-factor";

/**
 * Limits sign-in, sign-up and two-factor code attempts per client address. Returns a 429 response to send
 * back, or null when the attempt may go ahead.
 */
export function limitAuthAttempt(request: Request, attempt: AuthAttempt): Response | null {
  const ip = clientIp(request);
  const result = takeAttempt(`${attempt}:${ip}`, getEnv().AUTH_RATE_LIMIT);
  if (result.allowed) return null;
  logger.warn({ ip, attempt }, "auth rate limit reached");
  return Response.json(
    { message: "Too many attempts. Please wait a minute and try again." },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}
