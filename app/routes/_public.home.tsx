import { PagePlaceholder } from "~/components/site/page-placeholder";
import { getPageContent } from "~/lib/content.server";
import type { Route } from "./+types/_public.home";

export async function loader() {
  return { content: await getPageContent("home") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={loaderData.content.hero_title} subtitle={loaderData.content.hero_subtitle} />;
}
