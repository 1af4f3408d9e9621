import { FaqPage } from "~/components/site/faq/faq-page";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_public.faq";

export async function loader() {
  return { content: await getPageContent("faq") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "FAQ", description: args.loaderData?.content.hero_subtitle });

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage content={loaderData.content} />;
}
