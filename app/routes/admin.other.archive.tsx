import { data } from "react-router";
import { ArchivePanel } from "~/components/admin/archive/archive-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { requireMember } from "~/features/auth/permissions.server";
import { archiveBegan, archivedPaths, pageTimeline } from "~/features/archive/read.server";
import { archivePathSchema, archiveQueryNames, momentField, parseMoment } from "~/features/archive/query";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.archive";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.archive.title);

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The archive's screen: when it began, the pages it holds, and the chosen page's versions. A bad parameter is named above the form. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "archive.view");
  const m = messagesOf(adminLanguageOf(member.language)).archive;
  const db = getDb();
  const query = new URL(request.url).searchParams;
  const givenAt = query.get(archiveQueryNames.at);
  const givenPath = query.get(archiveQueryNames.path);
  const at = givenAt === null ? new Date() : parseMoment(givenAt);
  const path = givenPath === null ? undefined : archivePathSchema.safeParse(givenPath);
  const [began, paths] = await Promise.all([archiveBegan(db), archivedPaths(db)]);
  const error = !at ? m.badDate : path && !path.success ? m.badPath : null;
  const chosen = path?.success ? path.data : (paths[0] ?? "");
  const timeline = chosen && !error ? await pageTimeline(db, member, chosen) : [];
  return data(
    { began: began?.toISOString() ?? null, paths, path: chosen, at: momentField(at ?? new Date()), timeline, error },
    { status: error ? 400 : 200, headers: PRIVATE },
  );
}

export default function AdminOtherArchive({ loaderData }: Route.ComponentProps) {
  return <ArchivePanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.archive.title} fallback={m.archive.failedToLoad} />;
}
