import { LegalPage } from "~/components/site/legal-page";
import { legalPageTitles } from "~/features/content/catalogue/legal";
import { loadLegalPage } from "~/features/content/legal/pages.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.privacy";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { title: legalPageTitles["privacy"], ...(await loadLegalPage("privacy")) };
}

export const meta: Route.MetaFunction = (args) => fixedPageMeta(args, { title: args.loaderData?.title });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
