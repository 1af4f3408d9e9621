import { data } from "react-router";
import { requireMember } from "~/features/auth/permissions.server";
import { previewMessages, previewStartSchema } from "~/features/releases/preview/preview";
import { adminPreviewClaim, releaseExists, startPreview } from "~/features/releases/preview/routes.server";
import type { Route } from "./+types/admin.preview";

/**
 * GET /admin/preview?release=<id>&path=/fees: opens the whole site with the release applied (no
 * release: the live site, for the live preview beside an editor), under the preview banner.
 * Reachable from the release and from each staged card.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "releases.view");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = previewStartSchema.safeParse(query);
  const headers = { "Cache-Control": "no-store" };
  if (!parsed.success) return data({ ok: false, message: previewMessages.invalidRequest }, { status: 400, headers });
  const { release, path } = parsed.data;
  if (release !== undefined && !(await releaseExists(release))) {
    return data({ ok: false, message: previewMessages.unknownRelease }, { status: 404, headers });
  }
  return startPreview(adminPreviewClaim(release), path);
}
