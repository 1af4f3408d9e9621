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
import { seo as ruSeo } from "~/features/admin-i18n/catalogue/ru/seo";
import type { Route } from "./+types/admin.other.seo";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.seo.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "content.edit", { defaultLocale: true });
  const [pages, defaults] = await Promise.all([listFixedSeo(getDb()), seoDefaults()]);
  return data({ pages, defaults, origin: siteOrigin(request) }, { headers: { "Cache-Control": "no-store" } });
}

/** Saves one fixed page's SEO through the content write path; an open release stages it. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
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
  return <FixedSeoPanel pages={loaderData.pages} defaults={loaderData.defaults} origin={loaderData.origin} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.seo.title} fallback={m.seo.failedToLoad} />;
}
