import { data } from "react-router";
import { EdgeCachePanel } from "~/components/admin/other/edge-cache-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { requireMember } from "~/features/auth/permissions.server";
import { edgeCacheView } from "~/features/edge-cache/service.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.edge";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.edge.title);

/** The edge caches' state: the configuration in force, each edge's last purge and any failure (read only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "settings.edit");
  return data({ view: await edgeCacheView(getDb()) }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminOtherEdge({ loaderData }: Route.ComponentProps) {
  return <EdgeCachePanel view={loaderData.view} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.edge.title} fallback={m.edge.failedToLoad} />;
}
