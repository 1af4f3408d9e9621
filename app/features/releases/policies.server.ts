import { eq, sql } from "drizzle-orm";
import { adminSettings } from "~/db/schema";
import type { Executor } from "~/features/records/revisions.server";

/** 'Публикация только после проверки другим администратором' (four eyes). */
export const FOUR_EYES = "releases_four_eyes";
/** 'Изменения только через выпуски': a direct live save is refused. */
export const RELEASES_ONLY = "releases_only";

export type ReleasePolicy = typeof FOUR_EYES | typeof RELEASES_ONLY;

/** Both policies are off unless an administrator turned them on. */
export async function isPolicyOn(executor: Executor, policy: ReleasePolicy): Promise<boolean> {
  const [row] = await executor.select({ value: adminSettings.value }).from(adminSettings).where(eq(adminSettings.key, policy)).limit(1);
  return row?.value === true;
}

export async function setPolicy(executor: Executor, policy: ReleasePolicy, on: boolean) {
  await executor
    .insert(adminSettings)
    .values({ key: policy, value: on })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value: on, updatedAt: sql`now()` } });
}

export async function readPolicies(executor: Executor) {
  const [fourEyes, releasesOnly] = await Promise.all([isPolicyOn(executor, FOUR_EYES), isPolicyOn(executor, RELEASES_ONLY)]);
  return { fourEyes, releasesOnly };
}
