import { HomePage } from "~/components/site/home/home-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/features/content/read.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public._index";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("home") };
}

export const meta: Route.MetaFunction = (args) => fixedPageMeta(args);

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <HomePage content={loaderData.content} settings={useSiteSettings()} />;
}
