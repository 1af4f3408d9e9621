import { data } from "react-router";
import { LegalPage } from "~/components/site/legal-page";
import { FeesPage } from "~/components/site/fees/fees-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { ComingBanner } from "~/components/site/document-notes";
import { documentOfPath } from "~/features/effective-dates/addresses";
import { upcomingFees, upcomingLegalPage } from "~/features/effective-dates/upcoming.server";
import { comingBannerHtml } from "~/features/effective-dates/public.server";
import { legalTitle } from "~/features/locales/public-texts";
import { requestTexts } from "~/features/locales/public-texts.server";
import { pageMeta } from "~/features/seo/seo";
import { cachedPublicPage } from "~/platform/page-cache-handle";
import type { Route } from "./+types/_public.document-upcoming";

/**
 * The coming version of a legal page or of the fees (`/terms/upcoming`, `/de/fees/upcoming`), from
 * its release's schedule until its effective date. The same for every visitor, and it reads no
 * query parameter: served from the page cache, which the publish at the date clears.
 */
export const handle = cachedPublicPage;

export async function loader({ url }: Route.LoaderArgs) {
  const document = documentOfPath(url.pathname, "upcoming");
  if (!document) throw data(null, { status: 404 });
  if (document === "fees") {
    const page = await upcomingFees();
    if (!page) throw data(null, { status: 404 });
    return data(
      { kind: "fees" as const, title: requestTexts().fees, frame: frameOf(page), content: page.content },
      { headers: page.headers },
    );
  }
  const page = await upcomingLegalPage(document);
  if (!page) throw data(null, { status: 404 });
  const title = legalTitle(requestTexts(), document);
  return data({ kind: "legal" as const, title, frame: frameOf(page), html: page.html }, { headers: page.headers });
}

const frameOf = (page: { banner: string; current: { href: string; text: string } }) => ({
  banner: comingBannerHtml(page.banner, page.current),
});

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: args.loaderData?.title ?? "" }),
  { name: "robots", content: "noindex" },
];

export default function UpcomingDocument({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  if (loaderData.kind === "legal") return <LegalPage title={loaderData.title} html={loaderData.html} coming={loaderData.frame} />;
  return (
    <>
      <ComingBanner frame={loaderData.frame} />
      <FeesPage content={loaderData.content} settings={settings} />
    </>
  );
}
