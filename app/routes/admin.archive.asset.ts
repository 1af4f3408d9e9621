import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { requireMember } from "~/features/auth/permissions.server";
import { archivedAssetResponse } from "~/features/archive/view.server";
import { archivedAsset } from "~/features/archive/read.server";
import { archiveAssetQuerySchema } from "~/features/archive/query";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.archive.asset";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/archive/asset?sha256=…: a stylesheet or image an archived page referenced, its
 * bytes as archived (the "as of" view's page loads them from here); never cached, never indexed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "archive.view");
  const m = messagesOf(adminLanguageOf(member.language)).archive;
  const query = archiveAssetQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return Response.json({ message: m.badAsset }, { status: 400, headers: PRIVATE });
  const asset = await archivedAsset(getDb(), member, query.data.sha256);
  if (!asset) return Response.json({ message: m.assetNotArchived }, { status: 404, headers: PRIVATE });
  return archivedAssetResponse(asset, PRIVATE);
}
