import { activityEvents } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";

/** Either the database or an open transaction: an event is written beside the write it records. */
export type Writer = Pick<Database, "insert">;

/** Who did something: a signed-in user, or someone known only by an address (a failed sign-in). */
export type ActivityActor = { id: string; email: string } | { id: null; email: string };

export interface ActivityEvent {
  /** A typed kind such as `content.update`, `menu.delete`, `auth.sign_in_failed`. */
  kind: string;
  /** The dashboard area: content, menu, legal, fees, settings, page-links, auth, uploads, team, messages, backups. */
  area: string;
  /** Who did it; null for the public or the server itself. */
  actor?: ActivityActor | null;
  /** What it was about: `home/hero_title`, a menu item id, an e-mail address. */
  target?: string | null;
  /** Details worth showing in the log; never secrets, tokens or passwords. */
  details?: Record<string, unknown> | null;
}

/**
 * Appends one event to the activity log. Given a transaction, the event commits or rolls back
 * with the write it records.
 */
export async function recordEvent(writer: Writer, event: ActivityEvent) {
  const [row] = await writer
    .insert(activityEvents)
    .values({
      kind: event.kind,
      area: event.area,
      userId: event.actor?.id ?? null,
      userEmail: event.actor?.email ?? null,
      target: event.target ?? null,
      details: event.details ?? null,
    })
    .returning({ id: activityEvents.id });
  return row!.id;
}

/**
 * For events that stand alone (a sign-in, a failed sign-in): a failure to log is reported and
 * never fails the request it describes.
 */
export function recordEventInBackground(writer: Writer, event: ActivityEvent) {
  const write = recordEvent(writer, event)
    .then(() => undefined)
    .catch((error: unknown) => logger.error({ err: error, kind: event.kind }, "activity event not recorded"))
    .finally(() => backgroundWrites.delete(write));
  backgroundWrites.add(write);
}

const backgroundWrites = new Set<Promise<void>>();

/** Resolves once every event logged in the background so far is written (or has failed). */
export async function backgroundEventsWritten() {
  while (backgroundWrites.size > 0) await Promise.all(backgroundWrites);
}
