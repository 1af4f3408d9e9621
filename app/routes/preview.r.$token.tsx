import { data } from "react-router";
import { PreviewRefused } from "~/components/site/preview-refused";
import { previewMessages } from "~/features/releases/preview/preview";
import { openReviewLink } from "~/features/releases/preview/review-links.server";
import { startPreview } from "~/features/releases/preview/routes.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/preview.r.$token";

/**
 * A reviewer's link: no account, the token is the permission. A valid link is logged and opens
 * the site with the release applied, read-only; a forged, unknown, revoked or expired one is
 * refused with a page that says why.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const verdict = await openReviewLink(getDb(), params.token);
  if (verdict.ok) return startPreview({ kind: "reviewer", linkId: verdict.linkId, expires: verdict.expiresAt.getTime() }, "/");
  const status = verdict.reason === "unknown" ? 404 : 410;
  return data({ reason: verdict.reason }, { status, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

export const meta: Route.MetaFunction = () => [{ title: previewMessages.refusedTitle }, { name: "robots", content: "noindex" }];

export default function ReviewLinkRefused({ loaderData }: Route.ComponentProps) {
  return <PreviewRefused reason={loaderData.reason} />;
}
