import { data } from "react-router";
import { ReleasePage } from "~/components/admin/releases/release-page";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { refuseIntent, requireMember } from "~/features/auth/permissions.server";
import { runReleaseAction } from "~/features/releases/actions.server";
import { releaseMessages } from "~/features/releases/messages";
import { permissionForReleaseIntent, releaseIdSchema, releasePageFormSchema } from "~/features/releases/schema";
import { loadRelease, releaseDetailView } from "~/features/releases/view.server";
import { answerFailuresInPlace } from "~/platform/action-result";
import { failed, readForm, refused } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.releases.$id";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  localizedAdminMeta(matches, (m) => (loaded?.release ? m.releases.releaseNamed({ name: loaded.release.name }) : m.releases.release));

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireMember(request, "releases.view");
  const id = releaseIdSchema.safeParse(params);
  const release = id.success ? await loadRelease(getDb(), id.data.id) : undefined;
  if (!release) throw data({ message: releaseMessages.notFound }, { status: 404 });
  return data({ release: await releaseDetailView(getDb(), release, admin, admin.language) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireMember(request, "releases.view");
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const refusal = refuseIntent(admin, intent, permissionForReleaseIntent(intent));
  if (refusal) return refusal;
  const id = releaseIdSchema.safeParse(params);
  if (!id.success) return failed(intent, 404, releaseMessages.notFound);
  const parsed = releasePageFormSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error, releaseMessages.invalid);
  return runAction(parsed.data.intent, () => runReleaseAction(getDb(), admin, id.data.id, parsed.data), {
    log: "release action failed",
    message: releaseMessages.failed,
  });
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherRelease({ loaderData }: Route.ComponentProps) {
  return <ReleasePage release={loaderData.release} />;
}

export function ErrorBoundary() {
  const { m, language } = useMessages();
  return <AdminTabError title={m.releases.release} fallback={inLanguage(language, releaseMessages.notFound)} />;
}
