import { getAdminStatus } from "~/features/auth/permissions.server";
import { roleAllows } from "~/features/access/matrix";
import { eq } from "drizzle-orm";
import { releases } from "~/db/schema";
import { readDraft } from "~/features/records/drafts.server";
import { getDb, type Database } from "~/platform/db.server";
import type { PreviewState } from "~/features/records/preview-context.server";
import { readPreviewCookie } from "./preview-token.server";
import { checkReviewLink } from "./review-links.server";

export type Recognised =
  | { kind: "preview"; state: PreviewState }
  /** The cookie no longer holds (forged, expired, no administrator session, unknown release): the live site. */
  | { kind: "ignored" }
  /** A reviewer's link was revoked or has expired since it was opened: refused, clearly. */
  | { kind: "refused"; reason: "expired" | "revoked" | "unknown" };

/**
 * What a request carrying the preview cookie is: a preview (its release's staged values loaded),
 * a cookie to drop, or a reviewer to turn away. `request` carries the browser's cookies (the
 * administrator's session is checked as every admin loader checks it).
 */
/** A release's draft for a preview; undefined for an unknown release. Any state is answered: the caller decides who may see what. */
async function releaseDraft(db: Database, releaseId: number) {
  const [release] = await db.select({ id: releases.id, name: releases.name }).from(releases).where(eq(releases.id, releaseId));
  return release ? { release, staged: await readDraft(db, releaseId) } : undefined;
}

export async function recognisePreview(request: Request, cookieValue: string | undefined): Promise<Recognised> {
  const claim = readPreviewCookie(cookieValue);
  if (!claim) return { kind: "ignored" };
  const db = getDb();
  if (claim.kind === "admin") {
    const status = await getAdminStatus(request);
    if (!status.isAdmin || status.mustEnrol || !roleAllows(status.role, "releases.view")) return { kind: "ignored" };
    const loaded = claim.releaseId === 0 ? undefined : await releaseDraft(db, claim.releaseId);
    if (claim.releaseId !== 0 && !loaded) return { kind: "ignored" };
    return { kind: "preview", state: { kind: "admin", release: loaded?.release, staged: loaded?.staged ?? new Map(), draft: new Map() } };
  }
  const verdict = await checkReviewLink(db, claim.linkId);
  if (!verdict.ok) return { kind: "refused", reason: verdict.reason };
  const loaded = await releaseDraft(db, verdict.releaseId);
  if (!loaded) return { kind: "refused", reason: "unknown" };
  return { kind: "preview", state: { kind: "reviewer", release: loaded.release, staged: loaded.staged, draft: new Map() } };
}
