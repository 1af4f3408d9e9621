import { HomePage } from "~/components/site/home/home-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_public.home";

export async function loader() {
  return { content: await getPageContent("home") };
}

// The same page as the landing page: search engines are pointed at /.
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Home", canonicalPath: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage content={loaderData.content} settings={useSiteSettings()} />;
}
