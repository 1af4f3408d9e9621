import { data } from "react-router";
import { ReleasesPanel } from "~/components/admin/releases/releases-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { refuseIntent, requireMember } from "~/features/auth/permissions.server";
import { runListAction } from "~/features/releases/actions.server";
import { releaseMessages } from "~/features/releases/messages";
import { permissionForReleaseIntent, releaseListFormSchema } from "~/features/releases/schema";
import { releaseListView } from "~/features/releases/view.server";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm, refused } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.releases";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.releases.title);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireMember(request, "releases.view");
  return data(await releaseListView(getDb(), admin.id, admin.language), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireMember(request, "releases.view");
  const form = await readForm(request);
  const refusal = refuseIntent(admin, form.intent ?? "", permissionForReleaseIntent(form.intent ?? ""));
  if (refusal) return refusal;
  const parsed = releaseListFormSchema.safeParse(form);
  if (!parsed.success) return refused(form.intent ?? "", parsed.error, releaseMessages.invalid);
  return runAction(parsed.data.intent, () => runListAction(getDb(), admin, parsed.data), {
    log: "release action failed",
    message: releaseMessages.failed,
  });
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherReleases({ loaderData }: Route.ComponentProps) {
  return <ReleasesPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.releases.title} fallback={m.releases.loadFailed} />;
}
