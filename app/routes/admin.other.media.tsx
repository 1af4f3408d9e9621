import { data } from "react-router";
import { MediaPanel } from "~/components/admin/media/media-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { requireMember } from "~/features/auth/permissions.server";
import { runMediaAction } from "~/features/media/actions.server";
import { libraryQuerySchema } from "~/features/media/query";
import { listLibrary } from "~/features/media/library.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.media";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.media.title);

/** Every stored upload with where it is used; `?q=` a part of its name, `?used=used|unused`. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireMember(request, "uploads.create");
  const query = libraryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const library = await listLibrary(getDb(), getUploadStore(), actor, query);
  return data({ ...library, query }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "media.delete");
  const form = await readForm(request);
  return runMediaAction(getDb(), getUploadStore(), form, actor);
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherMedia({ loaderData }: Route.ComponentProps) {
  return <MediaPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.media.title} fallback={m.media.failedToLoad} />;
}
