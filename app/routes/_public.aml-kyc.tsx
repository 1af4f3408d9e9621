import { LegalPage } from "~/components/site/legal-page";
import { data } from "react-router";
import { loadLegalPage, NOINDEX_HEADERS } from "~/features/content/legal/pages.server";
import { legalTitle } from "~/features/locales/public-texts";
import { requestTexts } from "~/features/locales/public-texts.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.aml-kyc";
import { cachedPublicPage } from "~/platform/page-cache-handle";
import { documentNotes, notesHtml } from "~/features/effective-dates/public.server";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  // The title in the page's locale; the notice links the English document under its English title.
  const page = { title: legalTitle(requestTexts(), "aml-kyc"), ...(await loadLegalPage("aml-kyc")) };
  // In a locale without its own text: the notice that it is in English, kept out of search results.
  if ("englishOnly" in page) return data(page, { headers: NOINDEX_HEADERS });
  // Since when it applies, a coming version announced, its earlier versions from the archive.
  return { ...page, notes: notesHtml(await documentNotes("aml-kyc")) };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => fixedPageMeta(args, { title: args.loaderData?.title });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} notes={"notes" in loaderData ? loaderData.notes : undefined} />;
}
