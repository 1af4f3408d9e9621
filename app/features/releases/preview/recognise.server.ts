import { getAdminStatus } from "~/features/auth/permissions.server";
import { loadReleaseOverlay } from "~/features/releases/overlay.server";
import { getDb } from "~/platform/db.server";
import type { PreviewState } from "./preview-context.server";
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
export async function recognisePreview(request: Request, cookieValue: string | undefined): Promise<Recognised> {
  const claim = readPreviewCookie(cookieValue);
  if (!claim) return { kind: "ignored" };
  const db = getDb();
  if (claim.kind === "admin") {
    const status = await getAdminStatus(request);
    if (!status.isAdmin || status.mustEnrol) return { kind: "ignored" };
    const overlay = claim.releaseId === 0 ? undefined : await loadReleaseOverlay(db, claim.releaseId);
    if (claim.releaseId !== 0 && !overlay) return { kind: "ignored" };
    return { kind: "preview", state: { kind: "admin", overlay, draft: new Map() } };
  }
  const verdict = await checkReviewLink(db, claim.linkId);
  if (!verdict.ok) return { kind: "refused", reason: verdict.reason };
  const overlay = await loadReleaseOverlay(db, verdict.releaseId);
  if (!overlay) return { kind: "refused", reason: "unknown" };
  return { kind: "preview", state: { kind: "reviewer", overlay, draft: new Map() } };
}
