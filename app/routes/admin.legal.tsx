import quillStyles from "quill/dist/quill.snow.css?url";
import { useEffect } from "react";
import { data } from "react-router";
import { VersionsContext } from "~/components/admin/history/versions";
import { INIT_LEGAL_PAGES, LegalPagePanel, SAVE_LEGAL_PAGE, useCreatePagesFetcher } from "~/components/admin/legal/legal-page-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { legalPageNames } from "~/features/content/catalogue/types";
import { getDb } from "~/platform/db.server";
import { initLegalPages, listLegalPages, saveLegalPage } from "~/features/content/legal/admin.server";
import { logger } from "~/platform/logger.server";
import { requireMember } from "~/features/auth/permissions.server";
import { readForm } from "~/platform/read-form.server";
import { failed, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { latestVersions } from "~/features/records/revisions.server";
import { legalSaveSchema } from "~/features/content/legal/schema";
import { useActionResult } from "~/platform/action-result";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { legal as ruLegal } from "~/features/admin-i18n/catalogue/ru/legal";
import { EffectiveDateField } from "~/components/admin/effective/effective-date-field";
import { runEffectiveDateAction } from "~/features/effective-dates/actions.server";
import { SET_EFFECTIVE_DATE } from "~/features/effective-dates/schema";
import { effectiveEditorState } from "~/features/effective-dates/stage.server";
import type { Route } from "./+types/admin.legal";

// The editor's stylesheet is linked on this tab only, never on public pages.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: quillStyles }];

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.legal.title);

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const db = getDb();
  const headers = { "Cache-Control": "no-store" };
  try {
    const pages = await listLegalPages(db);
    const versions = await latestVersions(
      db,
      pages.map((entry) => `${entry.page}/page_content`),
    );
    // The effective date field, while a release is drafted.
    const effective = await effectiveEditorState(db, actor.id, legalPageNames);
    return data({ pages, versions, effective, loadFailed: false }, { headers });
  } catch (error) {
    // On a failed read, first try to create the default pages, then read again.
    logger.error({ err: error }, "legal pages read failed; initialising them");
    try {
      await initLegalPages(db, actor);
      const effective = await effectiveEditorState(db, actor.id, legalPageNames);
      return data({ pages: await listLegalPages(db), versions: {}, effective, loadFailed: false }, { headers });
    } catch (retryError) {
      logger.error({ err: retryError }, "legal pages could not be initialised");
      return data({ pages: [], versions: {}, effective: null, loadFailed: true }, { headers });
    }
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  if (intent === SET_EFFECTIVE_DATE) return runEffectiveDateAction(db, actor, form, legalPageNames);
  return runAction(
    intent,
    async () => {
      if (intent === INIT_LEGAL_PAGES) {
        await initLegalPages(db, actor);
        return succeeded(intent);
      }
      if (intent !== SAVE_LEGAL_PAGE) return failed(intent, 400, ruLegal.unknownAction);
      const parsed = legalSaveSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      if (!(await saveLegalPage(db, parsed.data, actor))) return failed(intent, 404, ruLegal.notFound);
      return succeeded(intent);
    },
    { log: "legal page write failed" },
  );
}

export default function AdminLegal({ loaderData }: Route.ComponentProps) {
  const { m } = useMessages();
  useActionResult(useCreatePagesFetcher(), {
    onSuccess: () => toastSuccess(m.legal.success, m.legal.initialized),
    onFailure: () => toastError(m.legal.error, m.legal.initFailed),
  });
  useEffect(() => {
    if (loaderData.loadFailed) toastError(m.legal.error, m.legal.loadFailed);
    // Once per failed load, in the language the tab opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaderData.loadFailed]);
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">{m.legal.title}</h2>
      {/* Every page stays mounted (hidden when inactive) so unsaved edits survive a tab switch. */}
      <Tabs defaultValue={legalPageNames[0]}>
        <TabsList aria-label={m.legal.title}>
          {legalPageNames.map((page) => (
            <TabsTrigger key={page} value={page}>
              {m.legal.pages[page]}
            </TabsTrigger>
          ))}
        </TabsList>
        {loaderData.pages.map((entry) => (
          <TabsContent key={entry.page} value={entry.page} forceMount className="data-[state=inactive]:hidden">
            <VersionsContext.Provider value={loaderData.versions}>
              <LegalPagePanel key={String(entry.exists)} entry={entry} />
            </VersionsContext.Provider>
            {entry.exists && loaderData.effective && (
              <EffectiveDateField document={entry.page} state={loaderData.effective} action="/admin/legal" />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
