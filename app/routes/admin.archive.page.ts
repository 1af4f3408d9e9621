import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { requireMember } from "~/features/auth/permissions.server";
import { archivedPageResponse, refusalPage } from "~/features/archive/view.server";
import { archivePathSchema, archiveQueryNames, parseMoment } from "~/features/archive/query";
import { getDb } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.archive.page";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/archive/page?path=/fees&at=2026-03-03T12:00: the page exactly as the site served it
 * at that moment, under a banner naming the moment; never cached, never indexed, no scripts run.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "archive.view");
  const m = messagesOf(adminLanguageOf(member.language)).archive;
  // The view opens in a tab of its own: a browser gets a page with the reason, a client the JSON.
  const refuse = (message: string, status: number) =>
    request.headers.get("Accept")?.includes("text/html")
      ? refusalPage(message, status, m.back, adminLanguageOf(member.language), PRIVATE)
      : Response.json({ message }, { status, headers: PRIVATE });
  const query = new URL(request.url).searchParams;
  // Without a page: the archive's screen, where one is chosen.
  if (!query.has(archiveQueryNames.path))
    return new Response(null, { status: 302, headers: { ...PRIVATE, Location: "/admin/other/archive" } });
  const path = archivePathSchema.safeParse(query.get(archiveQueryNames.path) ?? "");
  const at = parseMoment(query.get(archiveQueryNames.at));
  if (!path.success) return refuse(m.badPath, 400);
  if (!at) return refuse(m.badDate, 400);
  try {
    return await archivedPageResponse(getDb(), member, path.data, at, PRIVATE);
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message, error.status);
    throw error;
  }
}
