import { data } from "react-router";
import { requireMember } from "~/features/auth/permissions.server";
import { previewMessages, reviewLinkFormSchema, reviewLinkIntents, reviewLinksQuerySchema } from "~/features/releases/preview/preview";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "~/features/releases/preview/review-links.server";
import { releaseExists } from "~/features/releases/preview/routes.server";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.preview.links";

/** GET /admin/preview/links?release=<id>: the release's reviewer links (never their tokens); without one, every release's. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "releases.view");
  const headers = { "Cache-Control": "no-store" };
  const parsed = reviewLinksQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return data({ ok: false, message: previewMessages.invalidRequest, links: [] }, { status: 400, headers });
  if (parsed.data.release !== undefined && !(await releaseExists(parsed.data.release))) {
    return data({ ok: false, message: previewMessages.unknownRelease, links: [] }, { status: 404, headers });
  }
  return data({ ok: true, links: await listReviewLinks(getDb(), parsed.data.release) }, { headers });
}

/**
 * Creates a reviewer link (its address is answered this once) or revokes one. Both go to the
 * activity log; an unknown release or link is refused and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "releases.create");
  const form = await readForm(request);
  const parsed = reviewLinkFormSchema.safeParse(form);
  if (!parsed.success) return refused(form.intent ?? "", parsed.error, previewMessages.invalidRequest);
  const input = parsed.data;
  if (input.intent === reviewLinkIntents.create) {
    const link = await createReviewLink(getDb(), { releaseId: input.releaseId, days: input.days, actor });
    if (!link) return failed(input.intent, 404, previewMessages.unknownRelease);
    return { ...succeeded(input.intent), url: new URL(link.path, request.url).href, expiresAt: link.expiresAt.toISOString() };
  }
  const revoked = await revokeReviewLink(getDb(), { releaseId: input.releaseId, linkId: input.linkId, actor });
  return revoked ? succeeded(input.intent) : failed(input.intent, 404, previewMessages.unknownLink);
}
