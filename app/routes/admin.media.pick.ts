import { requireMember } from "~/features/auth/permissions.server";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import { mediaPickSchema } from "~/features/media/library";
import { pickMediaFile } from "~/features/media/pick.server";
import { readForm, refused, runAction, succeeded } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.media.pick";

/** POST /admin/media/pick: an image field (`page`, `section`) takes a file of the library (`file`). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  const form = await readForm(request);
  const parsed = mediaPickSchema.safeParse(form);
  if (!parsed.success) return refused(form.intent ?? "", parsed.error, ruMedia.invalidName);
  const { page, section, file } = parsed.data;
  return runAction(
    parsed.data.intent,
    async () => ({ ...succeeded(parsed.data.intent), url: await pickMediaFile(getDb(), actor, { page, section }, file) }),
    {
      log: "picking a library file failed",
      message: ruMedia.pickFailed,
    },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "uploads.create");
  return Response.json({ message: "Method not allowed" }, { status: 405 });
}
