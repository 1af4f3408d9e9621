import { data } from "react-router";
import { FeesPage } from "~/components/site/fees/fees-page";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { upcomingFees } from "~/features/effective-dates/upcoming.server";
import { comingBannerHtml } from "~/features/effective-dates/public.server";
import { requestTexts } from "~/features/locales/public-texts.server";
import { pageMeta } from "~/features/seo/seo";
import { cachedPublicPage } from "~/platform/page-cache-handle";
import type { Route } from "./+types/_public.fees-upcoming";

/**
 * The fees' coming version (`/fees/upcoming`, `/de/fees/upcoming`), from its release's schedule
 * until its effective date; served from the page cache, which the publish at the date clears.
 */
export const handle = cachedPublicPage;

export async function loader() {
  const page = await upcomingFees();
  if (!page) throw data(null, { status: 404 });
  const banner = comingBannerHtml(page.banner, page.current);
  return data({ title: requestTexts().fees, banner, content: page.content }, { headers: page.headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: args.loaderData?.title ?? "" }),
  { name: "robots", content: "noindex" },
];

export default function UpcomingFees({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <>
      {/* The server's HTML: the banner's text and the link back (kept out of the page's JavaScript). */}
      <p
        role="note"
        className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-slate-900"
        data-coming-banner
        dangerouslySetInnerHTML={{ __html: loaderData.banner }}
      />
      <FeesPage content={loaderData.content} settings={settings} />
    </>
  );
}
