import { createHash, randomBytes } from "node:crypto";
import { eq, lte } from "drizzle-orm";
import { statisticsSalts } from "~/db/schema";
import type { Database } from "~/platform/db.server";

/** A salt is deleted this long after its day began, so no visitor hash can be computed again. */
export const SALT_LIFETIME_MS = 48 * 3_600_000;

export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * The day's salt: created at random by the first instance to need it, read by every other, so
 * that all instances on one database hash a visitor alike.
 */
export async function saltFor(db: Database, day: string): Promise<string> {
  await db
    .insert(statisticsSalts)
    .values({ day, salt: randomBytes(16).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: statisticsSalts.salt }).from(statisticsSalts).where(eq(statisticsSalts.day, day));
  if (!row) throw new Error(`no statistics salt for ${day}`);
  return row.salt;
}

/** Deletes the salts of days that began 48 hours ago or more; returns how many. */
export async function deleteOldSalts(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(statisticsSalts)
    .where(lte(statisticsSalts.day, dayOf(new Date(now.getTime() - SALT_LIFETIME_MS))))
    .returning({ day: statisticsSalts.day });
  return deleted.length;
}

/** 48 bits of sha256(salt, site, address, user agent): a visitor for one day, nothing more. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): number {
  const digest = createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest();
  return digest.readUIntBE(0, 6);
}

/** Keeps the current day's salt in memory; a new day reads (or makes) the new salt once. */
export function createSaltCache(db: () => Database) {
  let current: { day: string; salt: Promise<string> } | undefined;
  return (now: Date): Promise<string> => {
    const day = dayOf(now);
    if (current?.day !== day) {
      const salt = saltFor(db(), day);
      current = { day, salt };
      // A failed read is tried again by the next event.
      salt.catch(() => {
        if (current?.salt === salt) current = undefined;
      });
    }
    return current.salt;
  };
}
