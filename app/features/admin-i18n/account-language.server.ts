import { eq } from "drizzle-orm";
import { user } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import type { AdminLanguage } from "./language";

/** Stores the language an account's dashboard speaks (read with the role, permissions.server.ts in auth). */
export async function setAccountLanguage(db: Database, userId: string, language: AdminLanguage) {
  await db.update(user).set({ adminLanguage: language }).where(eq(user.id, userId));
}
