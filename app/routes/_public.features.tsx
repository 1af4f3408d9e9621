import { FeaturesPage } from "~/components/site/features/features-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/features/content/read.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.features";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  const [content, security] = await Promise.all([getPageContent("features"), getPageContent("security")]);
  return { content, security };
}

export const meta: Route.MetaFunction = (args) =>
  fixedPageMeta(args, { title: "Features", description: args.loaderData?.content.hero_subtitle });

export default function Features({ loaderData }: Route.ComponentProps) {
  return <FeaturesPage content={loaderData.content} security={loaderData.security} settings={useSiteSettings()} />;
}
