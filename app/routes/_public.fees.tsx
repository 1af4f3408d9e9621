import { PagePlaceholder } from "~/components/site/page-placeholder";
import { getPageContent } from "~/lib/content.server";
import type { Route } from "./+types/_public.fees";

export async function loader() {
  return { content: await getPageContent("fees") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={loaderData.content.page_title} subtitle={loaderData.content.page_subtitle} />;
}
