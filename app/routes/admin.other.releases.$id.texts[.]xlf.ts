import { requireMember } from "~/features/auth/permissions.server";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { inLanguage } from "~/features/admin-i18n/messages";
import { translationMessages } from "~/features/content/translation-schema";
import { releaseMessages } from "~/features/releases/messages";
import { releaseIdSchema, releaseXliffQuerySchema } from "~/features/releases/schema";
import { exportReleaseXliff } from "~/features/releases/xliff.server";
import { getDb } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.other.releases.$id.texts[.]xlf";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/other/releases/:id/texts.xlf?locale=de: the texts the release stages, for one
 * locale, as XLIFF 2.0 bound to the release; imported back on the release's page (docs/releases.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireMember(request, "releases.create");
  const language = adminLanguageOf(member.language);
  const answer = (status: number, message: string) =>
    Response.json({ message: inLanguage(language, message) }, { status, headers: PRIVATE });
  const id = releaseIdSchema.safeParse(params);
  if (!id.success) return answer(404, releaseMessages.notFound);
  const query = releaseXliffQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return answer(400, query.error.issues[0]?.message ?? translationMessages.malformedLocale);
  try {
    const file = await exportReleaseXliff(getDb(), id.data.id, query.data.locale, member);
    return new Response(file.text, {
      headers: {
        ...PRIVATE,
        "Content-Type": "application/xliff+xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="release-${id.data.id}-${query.data.locale}.xlf"`,
      },
    });
  } catch (error) {
    if (error instanceof Refusal) return answer(error.status, error.message);
    throw error;
  }
}
