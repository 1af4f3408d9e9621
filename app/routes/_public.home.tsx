import { HomePage } from "~/components/site/home/home-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/features/content/read.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.home";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("home") };
}

// NOTE: the landing page's sections under their own address, which is also its canonical URL:
// a canonical pointing at the site root is read by search engines as a misconfiguration.
export const meta: Route.MetaFunction = (args) => fixedPageMeta(args, { title: "Home" });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage content={loaderData.content} settings={useSiteSettings()} />;
}
