// Four eyes per locale: a release that changes several locales can be approved one locale at a
// time (a German reviewer for the German changes, a French one for the French). Each approval
// binds the hash of that locale's changes, so an edit in German leaves the French approval
// standing; once every locale the release changes holds an approval that still matches, the
// release is approved as a whole (bound to its whole content, as a whole-release approval is),
// and publishing checks it the same way.
import { eq } from "drizzle-orm";
import { releaseLocaleApprovals, releases } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { requirePermission } from "~/features/access/require.server";
import type { Database } from "~/platform/db.server";
import { nextState } from "./lifecycle";
import { localeApprovals, localeHashes } from "./locale-hashes.server";
import { releaseMessages } from "./messages";
import type { Person } from "~/platform/person";
import { assertAllowed, contentHash, lockedRelease, releaseAuthors, ReleaseError } from "./releases.server";

/**
 * Approves the release's changes in one locale: by a reviewer, publisher or administrator who
 * neither created the release nor staged into it (as a whole-release approval). When that leaves
 * every locale approved, the release is approved.
 */
export async function approveLocale(db: Database, releaseId: number, locale: string, actor: Person) {
  requirePermission(actor, "releases.review");
  await db.transaction(async (transaction) => {
    const release = await lockedRelease(transaction, releaseId);
    assertAllowed(release, "stage");
    assertAllowed(release, "approve", releaseMessages.notReviewable);
    if ((await releaseAuthors(transaction, release)).has(actor.id)) throw new ReleaseError(403, releaseMessages.ownChanges);
    const hashes = await localeHashes(transaction, releaseId);
    const hash = hashes.get(locale);
    if (hash === undefined) throw new ReleaseError(409, releaseMessages.noLocaleChanges);
    const approval = { approvedById: actor.id, approvedByEmail: actor.email, approvedAt: new Date(), approvedHash: hash };
    await transaction
      .insert(releaseLocaleApprovals)
      .values({ releaseId, locale, ...approval })
      .onConflictDoUpdate({ target: [releaseLocaleApprovals.releaseId, releaseLocaleApprovals.locale], set: approval });
    await recordEvent(transaction, {
      kind: "release.approve_locale",
      area: "releases",
      actor,
      target: String(releaseId),
      details: { name: release.name, locale },
    });
    const views = await localeApprovals(transaction, releaseId);
    if (views.some((view) => view.approvedBy === null)) return;
    await transaction
      .update(releases)
      .set({
        state: nextState(release.state, "approve"),
        approvedById: actor.id,
        approvedByEmail: views.map((view) => `${view.locale}: ${view.approvedBy}`).join(", "),
        approvedAt: new Date(),
        approvedHash: await contentHash(transaction, releaseId),
        updatedAt: new Date(),
      })
      .where(eq(releases.id, releaseId));
  });
}
