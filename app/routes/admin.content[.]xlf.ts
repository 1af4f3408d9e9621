import { requireMember } from "~/features/auth/permissions.server";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { inLanguage } from "~/features/admin-i18n/messages";
import { translationMessages, xliffExportQuerySchema } from "~/features/content/translation-schema";
import { exportXliff } from "~/features/content/xliff.server";
import { getDb } from "~/platform/db.server";
import { Refusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.content[.]xlf";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/content.xlf?locale=de: the locale's content texts as XLIFF 2.0 for a translation
 * agency's tools, imported back in 'Контент сайта' (docs/locales.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "content.edit");
  const language = adminLanguageOf(member.language);
  const search = new URL(request.url).searchParams;
  // Without a locale: the content editor, where one is chosen.
  if (!search.has("locale")) return new Response(null, { status: 302, headers: { ...PRIVATE, Location: "/admin/content" } });
  const query = xliffExportQuerySchema.safeParse(Object.fromEntries(search));
  if (!query.success) {
    const message = query.error.issues[0]?.message ?? translationMessages.malformedLocale;
    return Response.json({ message: inLanguage(language, message) }, { status: 400, headers: PRIVATE });
  }
  try {
    const text = await exportXliff(getDb(), query.data.locale, member);
    return new Response(text, {
      headers: {
        ...PRIVATE,
        "Content-Type": "application/xliff+xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="site-${query.data.locale}.xlf"`,
      },
    });
  } catch (error) {
    if (error instanceof Refusal)
      return Response.json({ message: inLanguage(language, error.message) }, { status: error.status, headers: PRIVATE });
    throw error;
  }
}
