import { useEffect } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ContentPanel } from "~/components/admin/content/content-panel";
import { VersionsContext } from "~/components/admin/history/versions";
import { contentIntents } from "~/features/content/intents";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { content as ruContent } from "~/features/admin-i18n/catalogue/ru/content";
import { answerFailuresInPlace } from "~/platform/action-result";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { toastError } from "~/components/ui/toast";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import {
  addContentRow,
  deleteContentRow,
  initializeAllContent,
  listContentRows,
  updateContentValue,
} from "~/features/content/admin.server";
import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { requireMember } from "~/features/auth/permissions.server";
import { latestVersions } from "~/features/records/revisions.server";
import { contentAddSchema, contentDeleteSchema, contentMessages, contentUpdateSchema } from "~/features/content/schema";
import { LocalePicker, TranslationPanel } from "~/components/admin/content/translation-panel";
import { listSiteLocales } from "~/features/locales/locales.server";
import { saveTranslation, translationView } from "~/features/content/translations.server";
import {
  translationIntents,
  translationMessages,
  translationQuerySchema,
  translationSaveSchema,
  xliffImportSchema,
  xliffMessages,
} from "~/features/content/translation-schema";
import { importXliff } from "~/features/content/xliff.server";
import { DEFAULT_LOCALE } from "~/features/locales/allow-list";
import { localeRefusalMessage, mayEditLocale } from "~/features/access/matrix";
import type { Route } from "./+types/admin.content";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.content.title);

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "content.edit");
  const headers = { "Cache-Control": "no-store" };
  // `?locale=de`: the same keys in another locale (only offered with more than one locale).
  const query = translationQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw data({ message: query.error.issues[0]?.message ?? translationMessages.malformedLocale }, { status: 400, headers });
  // A translator is offered only the locales assigned to them, and opens the first of them.
  const mayEdit = (code: string) => mayEditLocale(member.role, member.locales, code);
  const locales = (await listSiteLocales(getDb()))
    .map(({ code, name, isDefault }) => ({ code, name, isDefault }))
    .filter((locale) => mayEdit(locale.code));
  const requested = query.data.locale ?? DEFAULT_LOCALE;
  if (!mayEdit(requested)) {
    if (!query.data.locale && locales[0]) throw redirect(`/admin/content?locale=${locales[0].code}`, { headers });
    throw data({ message: localeRefusalMessage(requested, member.language) }, { status: 403, headers });
  }
  if (query.data.locale && query.data.locale !== DEFAULT_LOCALE) {
    if (!locales.some((locale) => locale.code === query.data.locale))
      throw data({ message: translationMessages.unknownLocale }, { status: 404, headers });
    const translation = await translationView(getDb(), query.data.locale);
    return data({ rows: [], versions: {}, loadFailed: false, locales, translation }, { headers });
  }
  try {
    const rows = await listContentRows(getDb());
    const versions = await latestVersions(
      getDb(),
      rows.map((row) => `${row.pageName}/${row.sectionName}`),
    );
    return data({ rows, versions, loadFailed: false, locales, translation: null }, { headers });
  } catch (error) {
    // On a failed read the list is emptied and the error shown.
    logger.error({ err: error }, "site content read failed");
    return data({ rows: [], versions: {}, loadFailed: true, locales, translation: null }, { headers });
  }
}

/** The writes of this tab: save, delete and add a section, and Initialize All Content. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit");
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  switch (intent) {
    case contentIntents.update: {
      const parsed = contentUpdateSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return write(intent, contentMessages.updateFailed, async () =>
        (await updateContentValue(db, parsed.data, actor)) ? succeeded(intent) : failed(intent, 404, contentMessages.notFound),
      );
    }
    case contentIntents.delete: {
      const parsed = contentDeleteSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return write(intent, contentMessages.deleteFailed, async () =>
        (await deleteContentRow(db, parsed.data.id, actor)) ? succeeded(intent) : failed(intent, 404, contentMessages.notFound),
      );
    }
    case contentIntents.add: {
      const parsed = contentAddSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return write(intent, contentMessages.addFailed, async () =>
        (await addContentRow(db, parsed.data, actor))
          ? succeeded(intent)
          : failed(intent, 409, contentMessages.duplicate, { sectionName: [contentMessages.duplicate] }),
      );
    }
    case translationIntents.save: {
      const parsed = translationSaveSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error);
      return runAction(intent, async () => ({ ...succeeded(intent), stored: await saveTranslation(db, parsed.data, actor) }), {
        log: "translation save failed",
        message: translationMessages.failed,
      });
    }
    case translationIntents.importXliff: {
      const parsed = xliffImportSchema.safeParse(form);
      if (!parsed.success) return refused(intent, parsed.error, xliffMessages.notXliff);
      return runAction(
        intent,
        async () => ({ ...succeeded(intent), changed: await importXliff(db, parsed.data.locale, parsed.data.xliff, actor) }),
        {
          log: "translation import failed",
          message: xliffMessages.failed,
        },
      );
    }
    case contentIntents.initialize:
      return write(intent, contentMessages.initializeFailed, async () => {
        await initializeAllContent(db, actor);
        return succeeded(intent);
      });
    default:
      return failed(intent, 400, ruContent.unknownAction);
  }
}

/** Runs one write; a failure is logged and answered with that write's own error message. */
const write = <T,>(intent: string, fallback: string, run: () => Promise<T>) =>
  runAction(intent, run, { log: "site content write failed", message: fallback });

/** Choosing another page tab changes only the query: every page's rows are already here (another locale's are read). */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlyPageChanged =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    currentUrl.searchParams.get("locale") === nextUrl.searchParams.get("locale");
  if (!formMethod && onlyPageChanged) return false;
  return defaultShouldRevalidate;
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { m, language } = useMessages();
  useEffect(() => {
    if (loaderData.loadFailed) toastError(m.content.error, inLanguage(language, contentMessages.fetchFailed));
    // Once per failed load, in the language the tab opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaderData.loadFailed]);
  const picker =
    loaderData.locales.length > 1 ? <LocalePicker locales={loaderData.locales} selected={loaderData.translation?.locale} /> : null;
  if (loaderData.translation) return <TranslationPanel view={loaderData.translation} picker={picker} />;
  return (
    <VersionsContext.Provider value={loaderData.versions}>
      {picker}
      <ContentPanel rows={loaderData.rows} loadFailed={loaderData.loadFailed} />
    </VersionsContext.Provider>
  );
}

export function ErrorBoundary() {
  const { m, language } = useMessages();
  return <AdminTabError title={m.content.title} fallback={inLanguage(language, contentMessages.fetchFailed)} />;
}
