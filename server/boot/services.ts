// What the site needs before it answers (the database, other instances' content writes, the
// secret, history pruning, sign-in) and the work it does in the background once it listens.
import type { Env } from "~/platform/env.server";
import { createAuth, setAuth } from "~/features/auth/auth.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/platform/db.server";
import { startHistoryPruning } from "~/features/history/pruning.server";
import { setContactSecret } from "~/platform/hmac.server";
import { startContactWorker } from "~/features/contact/worker.server";
import { startBackupSchedule } from "~/features/backup/backup-store.server";
import { startContentSync } from "../page-cache/content-sync";
import { resolveAuthSecret } from "./secret";
import { startPublicIndex } from "~/features/pages/public-index.server";

export interface SiteServices {
  database: DatabaseHandle;
  stopHistoryPruning(): void;
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
  const stopContentSync = env.DATABASE_URL ? await startContentSync(env.DATABASE_URL) : undefined;
  const secret = resolveAuthSecret(env.DATA_DIR, env.AUTH_SECRET);
  setContactSecret(secret);
  const stopHistoryPruning = startHistoryPruning(() => database.db, { keep: env.HISTORY_KEEP, days: env.HISTORY_DAYS });
  const stopPublicIndex = await startPublicIndex(() => database.db);
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
  return { database, stopHistoryPruning, stopContentSync, stopPublicIndex };
}

/** Starts the contact notifications and the backup schedule. */
export function startBackgroundWork(env: Env, database: DatabaseHandle) {
  const stopContactWorker = startContactWorker({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    notifyTo: env.CONTACT_NOTIFY_TO,
    keepDays: env.CONTACT_KEEP_DAYS,
    publicUrl: env.PUBLIC_URL,
  });
  const stopBackups = startBackupSchedule(env.BACKUP_EVERY);
  return { stopContactWorker, stopBackups };
}
