import { data } from "react-router";
import { LocalesPanel } from "~/components/admin/locales/locales-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { requireMember } from "~/features/auth/permissions.server";
import { changeSiteLocales, listSiteLocales } from "~/features/locales/locales.server";
import { translationCompleteness, translationCompletenessOf } from "~/features/content/translations.server";
import { localeActionSchema, localeMessages } from "~/features/locales/schema";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm, refused, runAction, succeeded } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/admin.other.locales";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.locales.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "settings.edit");
  const db = getDb();
  const locales = await listSiteLocales(db);
  // How far each other locale is translated (switching one on needs all of it, or an override):
  // every locale's figure from one read of the translations.
  const completeness = await translationCompletenessOf(
    db,
    locales.filter((locale) => !locale.isDefault).map((locale) => locale.code),
  );
  return data({ locales, completeness }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireMember(request, "settings.edit");
  const form = await readForm(request);
  const parsed = localeActionSchema.safeParse(form);
  if (!parsed.success) return refused(form.intent ?? "", parsed.error, localeMessages.invalidRequest);
  return runAction(
    parsed.data.intent,
    async () => {
      await changeSiteLocales(getDb(), parsed.data, admin, translationCompleteness);
      return succeeded(parsed.data.intent);
    },
    { log: "site locales change failed", message: localeMessages.failed },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherLocales({ loaderData }: Route.ComponentProps) {
  return <LocalesPanel locales={loaderData.locales} completeness={loaderData.completeness} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.locales.title} fallback={m.locales.failedToLoad} />;
}
