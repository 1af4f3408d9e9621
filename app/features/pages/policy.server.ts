import { eq, sql } from "drizzle-orm";
import { adminSettings } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import type { Actor, Executor } from "~/features/records/revisions.server";
import type { Database } from "~/platform/db.server";

const DISCLAIMER_REQUIRED = "pages_disclaimer_required";

/** Whether every published landing page must carry a risk or legal disclaimer block (on by default: financial promotions need warnings). */
export async function isDisclaimerRequired(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: adminSettings.value })
    .from(adminSettings)
    .where(eq(adminSettings.key, DISCLAIMER_REQUIRED))
    .limit(1);
  return row ? row.value !== false : true;
}

export async function setDisclaimerRequired(db: Database, required: boolean, actor: Actor) {
  await db.transaction(async (transaction) => {
    await transaction
      .insert(adminSettings)
      .values({ key: DISCLAIMER_REQUIRED, value: required })
      .onConflictDoUpdate({ target: adminSettings.key, set: { value: required, updatedAt: sql`now()` } });
    await recordEvent(transaction, {
      kind: "pages.policy_update",
      area: "pages",
      actor,
      target: DISCLAIMER_REQUIRED,
      details: { required },
    });
  });
}
