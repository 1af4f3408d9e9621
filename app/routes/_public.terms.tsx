import { LegalPage } from "~/components/site/legal-page";
import { legalPageTitles } from "~/content/legal";
import { loadLegalPage } from "~/lib/legal-pages.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_public.terms";
import { cachedPublicPage } from "~/lib/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { title: legalPageTitles["terms"], ...(await loadLegalPage("terms")) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: args.loaderData?.title });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
