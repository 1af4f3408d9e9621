import { useEffect } from "react";
import { data, isRouteErrorResponse, useParams, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { ADD_PAGE_LINK } from "~/components/admin/page-links/add-page-link-form";
import { UPDATE_PAGE_URL } from "~/components/admin/page-links/page-link-card";
import { UPDATE_SETTING } from "~/components/admin/settings/setting-value-card";
import { VersionsContext } from "~/components/admin/history/versions";
import { SettingsPanel } from "~/components/admin/settings/settings-panel";
import { DEFAULT_SETTINGS_TAB, isSettingsTab } from "~/components/admin/settings/settings-tabs";
import { toastError } from "~/components/ui/toast";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { settings as ruSettings } from "~/features/admin-i18n/catalogue/ru/settings";
import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { addPageLink, listPageLinks, updatePageUrl } from "~/features/content/page-links/page-links.server";
import { requireMember } from "~/features/auth/permissions.server";
import { readForm } from "~/platform/read-form.server";
import { latestVersions } from "~/features/records/revisions.server";
import { listSettings, updateSetting } from "~/features/content/settings/admin.server";
import { failed, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { addPageLinkSchema, updatePageUrlSchema } from "~/features/content/page-links/schema";
import { settingUpdateSchema } from "~/features/content/settings/schema";
import type { Route } from "./+types/admin.settings";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.settings.title);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMember(request, "settings.edit");
  const tab = params.tab ?? DEFAULT_SETTINGS_TAB;
  if (!isSettingsTab(tab)) throw data({ message: ruSettings.unknownTab }, { status: 404 });
  const db = getDb();
  // Each list fails on its own: the settings tabs stay usable when page links cannot be read.
  const [settings, pageLinks] = await Promise.all([
    listSettings(db).catch((error: unknown) => {
      logger.error({ err: error }, "global settings read failed");
      return null;
    }),
    listPageLinks(db).catch((error: unknown) => {
      logger.error({ err: error }, "page links read failed");
      return null;
    }),
  ]);
  const versions = await latestVersions(db, [
    ...Object.keys(settings ?? {}).map((section) => `global/${section}`),
    ...(pageLinks ?? []).map((link) => `${link.pageName}/page_url`),
  ]).catch((error: unknown) => {
    logger.error({ err: error }, "content versions read failed");
    return {};
  });
  return data({ settings, pageLinks, versions }, { headers: { "Cache-Control": "no-store" } });
}

/** The writes of this tab: a setting's value, a page link's URL, a new page link. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "settings.edit");
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  return runAction(
    intent,
    async () => {
      switch (intent) {
        case UPDATE_SETTING: {
          const parsed = settingUpdateSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error);
          await updateSetting(db, parsed.data, actor);
          return succeeded(intent);
        }
        case UPDATE_PAGE_URL: {
          const parsed = updatePageUrlSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error);
          if (!(await updatePageUrl(db, parsed.data, actor))) return failed(intent, 404, "Page link not found");
          return succeeded(intent);
        }
        case ADD_PAGE_LINK: {
          const parsed = addPageLinkSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error);
          if (!(await addPageLink(db, parsed.data, actor))) {
            return failed(intent, 409, `A page link for "${parsed.data.pageName}" already exists`);
          }
          return succeeded(intent);
        }
        default:
          return failed(intent, 400, ruSettings.unknownAction);
      }
    },
    { log: "settings write failed" },
  );
}

/** Switching tabs needs no new data: every tab's values came with the first load. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withinSettings = [currentUrl, nextUrl].every((url) => url.pathname.startsWith("/admin/settings"));
  if (!formMethod && withinSettings && currentUrl.pathname !== nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { m } = useMessages();
  const tab = useParams().tab ?? DEFAULT_SETTINGS_TAB;
  useEffect(() => {
    if (loaderData.settings === null) toastError(m.settings.error, m.settings.loadFailedToast);
    // Once per failed load, in the language the tab opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaderData.settings]);
  return (
    <VersionsContext.Provider value={loaderData.versions}>
      <SettingsPanel
        tab={isSettingsTab(tab) ? tab : DEFAULT_SETTINGS_TAB}
        settings={loaderData.settings}
        pageLinks={loaderData.pageLinks}
      />
    </VersionsContext.Provider>
  );
}

export function ErrorBoundary() {
  const { m, language } = useMessages();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? inLanguage(language, (error.data as { message?: string } | undefined)?.message ?? error.statusText)
    : m.settings.loadFailedToast;
  return (
    <section className="rounded-xl border border-red-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{m.settings.title}</h2>
      <p role="alert" className="mt-2 text-red-700">
        {message}
      </p>
    </section>
  );
}
