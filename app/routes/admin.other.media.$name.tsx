import { data } from "react-router";
import { MediaFilePage } from "~/components/admin/media/media-file-page";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { requireMember } from "~/features/auth/permissions.server";
import { runMediaFileAction } from "~/features/media/actions.server";
import { loadMediaFile } from "~/features/media/info.server";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.other.media.$name";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  localizedAdminMeta(matches, (m) => (loaded?.file ? m.media.file.title({ name: loaded.file.name }) : m.media.title));

/** A file of the library (`/admin/other/media/<stored name>`): its facts, places and what is said about it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireMember(request, "uploads.create");
  try {
    const file = await loadMediaFile(getDb(), actor, params.name ?? "");
    return data({ file }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (isRefusal(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  const form = await readForm(request);
  return runMediaFileAction(getDb(), form, actor, params.name ?? "");
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherMediaFile({ loaderData }: Route.ComponentProps) {
  return <MediaFilePage key={loaderData.file.name} file={loaderData.file} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.media.title} fallback={m.media.file.failedToLoad} />;
}
