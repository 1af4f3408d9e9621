// The approvals of a release's locales, as the review steps and the publish read them (the
// approval itself is locale-approvals.server.ts): each locale's changes hashed as the whole
// release's are, and an approval counted only while its hash matches.
import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { adminUsers, releaseChanges, releaseLocaleApprovals, type ReleaseRow } from "~/db/schema";
import { approverRoles } from "~/features/access/matrix";
import type { Executor } from "~/features/records/revisions.server";

/** The changes of one locale, hashed as the whole release's are. */
export async function localeHashes(executor: Executor, releaseId: number) {
  const rows = await executor
    .select({ key: releaseChanges.key, staged: releaseChanges.staged, locale: releaseChanges.locale })
    .from(releaseChanges)
    .where(eq(releaseChanges.releaseId, releaseId))
    .orderBy(asc(releaseChanges.key));
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  for (const row of rows) {
    if (!hashes.has(row.locale)) hashes.set(row.locale, createHash("sha256"));
    hashes.get(row.locale)!.update(JSON.stringify([row.key, row.staged ?? null]));
  }
  return new Map([...hashes].map(([locale, hash]) => [locale, hash.digest("hex")]));
}

export interface LocaleApprovalView {
  locale: string;
  /** Who approved this locale's changes as they are now (null: not approved, or changed since). */
  approvedBy: string | null;
  approvedAt: string | null;
}

/** Each locale the release changes, with its approval when it still matches the changes. */
export async function localeApprovals(executor: Executor, releaseId: number): Promise<LocaleApprovalView[]> {
  const [hashes, rows] = await Promise.all([
    localeHashes(executor, releaseId),
    executor.select().from(releaseLocaleApprovals).where(eq(releaseLocaleApprovals.releaseId, releaseId)),
  ]);
  const approvals = new Map(rows.map((row) => [row.locale, row]));
  return [...hashes.keys()].sort().map((locale) => {
    const approval = approvals.get(locale);
    const holds = approval !== undefined && approval.approvedHash === hashes.get(locale);
    return {
      locale,
      approvedBy: holds ? approval.approvedByEmail : null,
      approvedAt: holds ? approval.approvedAt.toISOString() : null,
    };
  });
}

/** Sending a release back withdraws its locales' approvals too. */
export async function withdrawLocaleApprovals(executor: Executor, releaseId: number) {
  await executor.delete(releaseLocaleApprovals).where(eq(releaseLocaleApprovals.releaseId, releaseId));
}

/**
 * Whether every approver of the release's locale approvals that still match may still approve
 * and staged nothing into it (four eyes between people, checked again at publish).
 */
export async function localeApproversHold(executor: Executor, release: ReleaseRow, authors: Set<string>) {
  const hashes = await localeHashes(executor, release.id);
  const rows = await executor
    .select({
      locale: releaseLocaleApprovals.locale,
      hash: releaseLocaleApprovals.approvedHash,
      role: adminUsers.role,
      userId: releaseLocaleApprovals.approvedById,
    })
    .from(releaseLocaleApprovals)
    .leftJoin(adminUsers, eq(adminUsers.userId, releaseLocaleApprovals.approvedById))
    .where(and(eq(releaseLocaleApprovals.releaseId, release.id)));
  return rows
    .filter((row) => hashes.get(row.locale) === row.hash)
    .every((row) => row.role !== null && (approverRoles as string[]).includes(row.role) && !authors.has(row.userId));
}
