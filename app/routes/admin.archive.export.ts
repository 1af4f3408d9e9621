import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { requireMember } from "~/features/auth/permissions.server";
import { exportArchive } from "~/features/archive/export.server";
import { archivePathSchema, archiveQueryNames, parseMoment } from "~/features/archive/query";
import { getDb } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.archive.export";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/archive/export?from=…&to=…&path=/fees: the page (no path: the whole site) between
 * the two moments as one file an auditor checks with `npm run verify-archive` (docs/archive.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "archive.view");
  const m = messagesOf(adminLanguageOf(member.language)).archive;
  const query = new URL(request.url).searchParams;
  // Without a period: the archive's screen, where one is chosen.
  if (!query.has(archiveQueryNames.from) && !query.has(archiveQueryNames.to))
    return new Response(null, { status: 302, headers: { ...PRIVATE, Location: "/admin/other/archive" } });
  const from = parseMoment(query.get(archiveQueryNames.from));
  const to = parseMoment(query.get(archiveQueryNames.to));
  const givenPath = query.get(archiveQueryNames.path) ?? "";
  const path = givenPath === "" ? undefined : archivePathSchema.safeParse(givenPath);
  if (!from || !to) return Response.json({ message: m.badDate }, { status: 400, headers: PRIVATE });
  if (path && !path.success) return Response.json({ message: m.badPath }, { status: 400, headers: PRIVATE });
  try {
    const file = await exportArchive(getDb(), member, { from, to, path: path?.data });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        ...PRIVATE,
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
      },
    });
  } catch (error) {
    if (error instanceof Refusal) return Response.json({ message: error.message }, { status: error.status, headers: PRIVATE });
    throw error;
  }
}
