// What the site needs before it answers (the database, other instances' content writes, the
// secret, history pruning, sign-in) and the work it does in the background once it listens.
import type { Env } from "~/platform/env.server";
import { createAuth, setAuth } from "~/features/auth/auth.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/platform/db.server";
import { setContactSecret } from "~/platform/hmac.server";
import { startBackgroundJobs } from "../ops/background-jobs";
import { startStatistics } from "~/features/statistics/service.server";
import { startContentSync } from "../page-cache/content-sync";
import { resolveAuthSecret } from "./secret";
import { startPublicIndex } from "~/features/pages/public-index.server";
import { loadSiteLocales } from "~/features/locales/routing.server";

export interface SiteServices {
  database: DatabaseHandle;
  stopContentSync?: () => Promise<void>;
  /** Landing pages' and redirects' addresses in memory (and the redirects' hit counts). */
  stopPublicIndex: () => Promise<void>;
}

/** Opens the database and installs it, the secret and sign-in for the routes. */
export async function openServices(env: Env): Promise<SiteServices> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  });
  setDatabase(database);
  const stopContentSync = env.DATABASE_URL ? await startContentSync(env.DATABASE_URL, { db: database.db }) : undefined;
  const secret = resolveAuthSecret(env.DATA_DIR, env.AUTH_SECRET);
  setContactSecret(secret);
  const stopPublicIndex = await startPublicIndex(() => database.db);
  // The page cache asks which locales' prefixes are served before any render.
  await loadSiteLocales();
  setAuth(
    createAuth({
      db: database.db,
      secret,
      port: env.PORT,
      publicUrl: env.PUBLIC_URL,
      smtpUrl: env.SMTP_URL,
      smtpFrom: env.SMTP_FROM,
    }),
  );
  return { database, stopContentSync, stopPublicIndex };
}

/** Starts the background jobs (history pruning, contact outbox and retention, backups, scheduled publishes) on one scheduler. */
export function startBackgroundWork(env: Env, database: DatabaseHandle) {
  return { stopBackgroundJobs: startBackgroundJobs(env, database) };
}

/** Visit statistics (docs/statistics.md): the queue's flush, roll-ups and pruning; off with ANALYTICS=off. */
export function startStatisticsWork(env: Env, database: DatabaseHandle): (() => Promise<void>) | undefined {
  if (env.ANALYTICS === "off") return undefined;
  return startStatistics({
    db: () => database.db,
    ratePerMinute: env.ANALYTICS_RATE_LIMIT,
    rawDays: env.ANALYTICS_RAW_DAYS,
    keepMonths: env.ANALYTICS_KEEP_MONTHS,
  });
}
