import { data } from "react-router";
import { RedirectsPanel } from "~/components/admin/pages/redirects-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import { redirectsAsDrafted } from "~/features/pages/redirect-views.server";
import { flushRedirectHits } from "~/features/pages/public-index.server";
import { runRedirectAction } from "~/features/pages/page-actions.server";
import type { Route } from "./+types/admin.other.redirects";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.redirects.title);

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireMember(request, "redirects.edit");
  const db = getDb();
  await flushRedirectHits(db);
  // With a release open, the list shows the redirects as the release would leave them, the
  // staged ones marked, and the live ones it deletes named apart.
  return data(await redirectsAsDrafted(db, actor.id), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "redirects.edit");
  const form = await readForm(request);
  return runRedirectAction(getDb(), form, actor);
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherRedirects({ loaderData }: Route.ComponentProps) {
  return <RedirectsPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.redirects.title} fallback={m.redirects.failedToLoad} />;
}
