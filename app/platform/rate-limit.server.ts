import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { clientIp } from "./client-address.server";
import { sign } from "./hmac.server";
import { getDb, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Expired rows are deleted at most this often per server, after an attempt, off its path. */
const PRUNE_EVERY_MS = 5 * 60_000;
let lastPrune = 0;

export interface AttemptVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Sliding-window limit kept in the database, so every server on it shares one allowance: records
 * an attempt under `key` and says whether it is within `limit` attempts per window. One statement:
 * the upsert locks the key's row, so concurrent attempts (on any server) are counted in turn and
 * no more than `limit` get through. Only attempts let through are kept; a refused one changes
 * nothing but the verdict. `now` defaults to the database's clock, which all servers share.
 */
export async function takeAttempt(
  db: Database,
  key: string,
  limit: number,
  options: { now?: Date; windowMs?: number } = {},
): Promise<AttemptVerdict> {
  const now = sql`coalesce(${options.now?.toISOString() ?? null}::timestamptz, statement_timestamp())`;
  const window = sql`(${options.windowMs ?? RATE_LIMIT_WINDOW_MS} * interval '1 millisecond')`;
  const recent = sql`array(select hit from unnest(r.hits) as hit where hit > ${now} - ${window} order by hit)`;
  const result = await db.execute(sql`
    insert into ${rateLimits} as r (key, hits, allowed, expires_at)
    values (${key}, array[${now}], true, ${now} + ${window})
    on conflict (key) do update set
      allowed = cardinality(${recent}) < ${limit},
      hits = case when cardinality(${recent}) < ${limit} then ${recent} || ${now} else ${recent} end,
      expires_at = case when cardinality(${recent}) < ${limit} then greatest(r.expires_at, ${now} + ${window}) else r.expires_at end
    returning r.allowed as allowed,
      ceil(extract(epoch from (r.hits[1] + ${window} - ${now})))::int as retry_after`);
  const row = (result as unknown as { rows: { allowed: boolean; retry_after: number | null }[] }).rows[0]!;
  return { allowed: row.allowed, retryAfterSeconds: row.allowed ? 0 : Math.max(1, row.retry_after ?? 1) };
}

/** Deletes the rows whose window has passed; returns how many. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<number> {
  const result = await db.execute(sql`delete from ${rateLimits} where expires_at < ${now.toISOString()}::timestamptz`);
  return (
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0
  );
}

function pruneNowAndThen(db: Database) {
  const now = Date.now();
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  pruneRateLimits(db).catch((error: unknown) => logger.warn({ err: error }, "rate limit pruning failed"));
}

/** Forgets every recorded attempt (tests). */
export async function resetRateLimits(db: Database = getDb()) {
  await db.delete(rateLimits);
}

/**
 * Passwords (sign-in, reset and change), sign-ups, two-factor codes, and the session's own
 * requests (reading and ending it) are counted apart.
 */
export type AuthAttempt = "sign-in" | "sign-up" | "two-factor" | "session";

/** One account's allowance per minute, against guesses spread over many addresses: three clients' worth. */
export const ACCOUNT_LIMIT_FACTOR = 3;
/** Reading or ending a session is no guess: a page may ask several times a minute. */
const SESSION_LIMIT_FACTOR = 6;

const tooMany = (retryAfterSeconds: number) =>
  Response.json(
    { message: "Too many attempts. Please wait a minute and try again." },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );

/**
 * Limits sign-in, sign-up, two-factor code and session attempts per client address,
 * AUTH_RATE_LIMIT of each per minute, counted in the database (see takeAttempt). With `account`
 * (the address a password or reset is for), the account has its own allowance too, whichever
 * clients the attempts come from. Addresses are kept only as HMACs under the auth secret, which
 * every server of a site shares. Returns a 429 response to send back, or null when the attempt
 * may go ahead.
 */
export async function limitAuthAttempt(
  request: Request,
  attempt: AuthAttempt,
  options: { account?: string } = {},
): Promise<Response | null> {
  const ip = clientIp(request);
  const db = getDb();
  const limit = getEnv().AUTH_RATE_LIMIT * (attempt === "session" ? SESSION_LIMIT_FACTOR : 1);
  let verdict: AttemptVerdict;
  try {
    verdict = await takeAttempt(db, sign("auth-rate-limit", `${attempt}:${ip}`), limit);
    const account = options.account?.trim().toLowerCase();
    if (verdict.allowed && account) {
      verdict = await takeAttempt(db, sign("auth-rate-limit", `${attempt}:account:${account}`), limit * ACCOUNT_LIMIT_FACTOR);
      if (!verdict.allowed) logger.warn({ attempt }, "auth rate limit of an account reached");
    }
  } catch (error) {
    // Signing in needs the same database: an attempt let through here fails there.
    logger.error({ err: error, attempt }, "auth rate limit not checked");
    return null;
  }
  pruneNowAndThen(db);
  if (verdict.allowed) return null;
  logger.warn({ ip, attempt }, "auth rate limit reached");
  return tooMany(verdict.retryAfterSeconds);
}
