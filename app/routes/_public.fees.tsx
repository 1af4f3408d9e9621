import { FeesPage } from "~/components/site/fees/fees-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { data } from "react-router";
import { getPageContent, getSettings } from "~/features/content/read.server";
import { englishOnlyNotice, NOINDEX_HEADERS } from "~/features/content/legal/pages.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import { contentWithLocaleFigures, requestTexts } from "~/features/locales/public-texts.server";
import type { Route } from "./+types/_public.fees";
import { cachedPublicPage } from "~/platform/page-cache-handle";
import { documentNotes, notesHtml } from "~/features/effective-dates/public.server";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  // In a locale without every fee text of its own: the notice that the fees are in English, not indexed.
  const notice = await englishOnlyNotice("/fees");
  if (notice !== undefined)
    return data(
      { content: await getPageContent("fees"), notice: `<h1>${requestTexts().fees}</h1>${notice}` },
      { headers: NOINDEX_HEADERS },
    );
  // The figures in the page's locale's notation (`€17.00` → `17,00 €` on /de/fees).
  const [content, settings, notes] = await Promise.all([getPageContent("fees"), getSettings(), documentNotes("fees")]);
  return { content: contentWithLocaleFigures(content, settings), notes: notesHtml(notes) };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  fixedPageMeta(args, { title: "Fees", description: args.loaderData?.content.page_subtitle });

export default function Fees({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  // The notice is the server's HTML (its heading and the link to the English page).
  if ("notice" in loaderData)
    return <section className="legal-content mx-auto max-w-3xl px-4 py-16" dangerouslySetInnerHTML={{ __html: loaderData.notice! }} />;
  // The effective date, a coming version and the earlier ones: the server's HTML (no code of their own here).
  const { top, versions } = loaderData.notes;
  return (
    <>
      {top && <div className="mx-auto max-w-3xl space-y-3 px-4 pt-6" dangerouslySetInnerHTML={{ __html: top }} />}
      <FeesPage content={loaderData.content} settings={settings} />
      {versions && (
        <nav aria-labelledby="earlier-versions" className="mx-auto max-w-3xl px-4 pb-12" dangerouslySetInnerHTML={{ __html: versions }} />
      )}
    </>
  );
}
