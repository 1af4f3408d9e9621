// While the database cannot be reached (a PostgreSQL restart, a failover, a network cut), the
// site answers 503 with Retry-After and a message the dashboard shows, instead of a 500 per
// request: the outage is logged once when it starts and once when it ends, never as a crash.
import { logger } from "./logger.server";
import { pingDatabase } from "./db.server";

export const DATABASE_OUTAGE_MESSAGE = "База данных временно недоступна. Изменения не сохранены: повторите через несколько секунд.";
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** How often an outage checks whether the database is back. */
const PROBE_MS = 1_000;

/** Errors of a connection that failed or was cut: node's socket errors and PostgreSQL's. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
// 57P01-03: the server is shutting down or starting; 08xxx: connection exceptions.
const POSTGRES_CONNECTION = /^(57P0[123]|08...)$/;
const CONNECTION_MESSAGE =
  /connection terminated|connection ended|connection error|terminating connection|timeout exceeded when trying to connect|the database system is (starting|shutting) (up|down)/i;

/** Whether the error (or one it was caused by) is a database connection's failure. */
export function isConnectionError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || POSTGRES_CONNECTION.test(code))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

let outageSince: Date | null = null;

/** When the current outage began, or null when the database answers. */
export const databaseOutageSince = () => outageSince;

function probeUntilBack() {
  const timer = setTimeout(() => {
    void pingDatabase().then((up) => {
      if (!outageSince) return;
      if (!up) return probeUntilBack();
      logger.info({ outage: "database", seconds: Math.round((Date.now() - outageSince.getTime()) / 1000) }, "database reachable again");
      outageSince = null;
    });
  }, PROBE_MS);
  timer.unref();
}

function beginOutage(error: unknown) {
  if (outageSince) return;
  outageSince = new Date();
  const reason = error instanceof Error ? error.message : undefined;
  logger.warn({ outage: "database", reason }, "DATABASE UNREACHABLE: answering 503 until it answers again");
  probeUntilBack();
}

/**
 * Whether a request failed because the database cannot be reached: its error says so, or the
 * database does not answer a ping now (errors better-auth wraps lose their cause). Starts the
 * outage (logged once) when it is.
 */
export async function failedForOutage(error: unknown): Promise<boolean> {
  if (isConnectionError(error) || !(await pingDatabase())) {
    beginOutage(error);
    return true;
  }
  return false;
}

/** The answer during an outage: 503, Retry-After, and the message (as every dashboard failure carries it). */
export const outageResponse = () =>
  Response.json(
    { ok: false, intent: "", code: "server", message: DATABASE_OUTAGE_MESSAGE },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );

/** Forgets an outage (tests). */
export function resetDatabaseOutage() {
  outageSince = null;
}
