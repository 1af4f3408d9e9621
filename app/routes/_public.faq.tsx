import { FaqPage } from "~/components/site/faq/faq-page";
import { getPageContent } from "~/features/content/read.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.faq";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("faq") };
}

export const meta: Route.MetaFunction = (args) =>
  fixedPageMeta(args, { title: "FAQ", description: args.loaderData?.content.hero_subtitle });

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage content={loaderData.content} />;
}
