import { data } from "react-router";
import { FixedSeoPanel } from "~/components/admin/seo/fixed-seo-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { siteOrigin } from "~/platform/site-url.server";
import { requireMember } from "~/features/auth/permissions.server";
import { seoDefaults } from "~/features/pages/editor.server";
import { fixedSeoSaveSchema } from "~/features/seo/fixed-page-seo";
import { listFixedSeo, saveFixedSeo } from "~/features/seo/fixed-page-seo.server";
import { fixedSeoLocaleQuerySchema, fixedSeoTranslationIntent, fixedSeoTranslationSaveSchema } from "~/features/seo/fixed-page-seo-locale";
import { fixedSeoLocaleView, saveFixedSeoTranslation } from "~/features/seo/fixed-page-seo-locale.server";
import { listSiteLocales } from "~/features/locales/locales.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { isRefusal } from "~/platform/refusal";
import { seo as ruSeo } from "~/features/admin-i18n/catalogue/ru/seo";
import type { Route } from "./+types/admin.other.seo";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.seo.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "content.edit", { defaultLocale: true });
  const headers = { "Cache-Control": "no-store" };
  // `?locale=de`: the pages' fields in another locale (the picker shows with more than one locale).
  const query = fixedSeoLocaleQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ message: query.error.issues[0]?.message ?? "" }, { status: 400, headers });
  const db = getDb();
  const locale = query.data.locale === DEFAULT_LOCALE ? undefined : query.data.locale;
  const [pages, defaults, siteLocales, translation] = await Promise.all([
    listFixedSeo(db),
    seoDefaults(),
    listSiteLocales(db),
    locale ? refusedAsResponse(() => fixedSeoLocaleView(db, locale)) : null,
  ]);
  const locales = siteLocales.map(({ code, name, isDefault }) => ({ code, name, isDefault }));
  return data({ pages, defaults, origin: siteOrigin(request), locales, translation }, { headers });
}

/** A refusal (an unknown locale) as the loader's answer with its status and message. */
async function refusedAsResponse<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isRefusal(error)) throw data({ message: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

/** Saves one fixed page's SEO (in the default locale, or another's) through the record store; an open release stages it. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  if (intent === fixedSeoTranslationIntent) {
    const translated = fixedSeoTranslationSaveSchema.safeParse(form);
    if (!translated.success) return refused(intent, translated.error);
    return runAction(
      intent,
      async () => ({ ...succeeded(intent), stored: await saveFixedSeoTranslation(getDb(), translated.data, actor) }),
      {
        log: "fixed page SEO translation write failed",
        message: ruSeo.saveFailed,
      },
    );
  }
  const parsed = fixedSeoSaveSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error);
  const { id, version, noindex, title, description, canonical, ogImage } = parsed.data;
  return runAction(
    intent,
    async () => {
      await saveFixedSeo(getDb(), { id, version, seo: { title, description, canonical, ogImage, noindex } }, actor);
      return succeeded(intent);
    },
    { log: "fixed page SEO write failed", message: ruSeo.saveFailed },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherSeo({ loaderData }: Route.ComponentProps) {
  return (
    <FixedSeoPanel
      pages={loaderData.pages}
      defaults={loaderData.defaults}
      origin={loaderData.origin}
      locales={loaderData.locales}
      translation={loaderData.translation}
    />
  );
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.seo.title} fallback={m.seo.failedToLoad} />;
}
