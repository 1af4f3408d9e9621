import { FeesPage } from "~/components/site/fees/fees-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/features/content/read.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.fees";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("fees") };
}

export const meta: Route.MetaFunction = (args) =>
  fixedPageMeta(args, { title: "Fees", description: args.loaderData?.content.page_subtitle });

export default function Fees({ loaderData }: Route.ComponentProps) {
  return <FeesPage content={loaderData.content} settings={useSiteSettings()} />;
}
