import { data } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { documentOfPath } from "~/features/effective-dates/addresses";
import { upcomingLegalPage } from "~/features/effective-dates/upcoming.server";
import { comingBannerHtml } from "~/features/effective-dates/public.server";
import { legalTitle } from "~/features/locales/public-texts";
import { requestTexts } from "~/features/locales/public-texts.server";
import { pageMeta } from "~/features/seo/seo";
import { cachedPublicPage } from "~/platform/page-cache-handle";
import type { Route } from "./+types/_public.legal-upcoming";

/**
 * The coming version of a legal page (`/terms/upcoming`, `/de/privacy/upcoming`), from its
 * release's schedule until its effective date. The same for every visitor, and it reads no query
 * parameter: served from the page cache, which the publish at the date clears.
 */
export const handle = cachedPublicPage;

export async function loader({ url }: Route.LoaderArgs) {
  const document = documentOfPath(url.pathname, "upcoming");
  const page = document && document !== "fees" ? await upcomingLegalPage(document) : undefined;
  if (!document || document === "fees" || !page) throw data(null, { status: 404 });
  const title = legalTitle(requestTexts(), document);
  return data({ title, frame: { banner: comingBannerHtml(page.banner, page.current) }, html: page.html }, { headers: page.headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: args.loaderData?.title ?? "" }),
  { name: "robots", content: "noindex" },
];

export default function UpcomingLegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} coming={loaderData.frame} />;
}
