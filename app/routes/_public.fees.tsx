import { FeesPage } from "~/components/site/fees/fees-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_public.fees";

export async function loader() {
  return { content: await getPageContent("fees") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Fees", description: args.loaderData?.content.page_subtitle });

export default function Fees({ loaderData }: Route.ComponentProps) {
  return <FeesPage content={loaderData.content} settings={useSiteSettings()} />;
}
