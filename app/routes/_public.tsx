import { data, Outlet, redirectDocument, useMatches } from "react-router";
import { CookieBanner } from "~/components/site/cookie-banner";
import { PreviewBanner } from "~/components/site/preview-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useRouterNavigation } from "~/components/site/site-link";
import { useRevealOnScroll } from "~/components/site/use-reveal-on-scroll";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { usePublicTexts } from "~/components/site/use-public-texts";
import { requestTexts } from "~/features/locales/public-texts.server";
import { legalPageNames } from "~/features/content/catalogue/types";
import { legalTitle } from "~/features/locales/public-texts";
import { getActiveMenu } from "~/features/content/read.server";
import { useStatisticsScript } from "~/components/site/use-statistics-script";
import { getEnv } from "~/platform/env.server";
import { currentPreview } from "~/features/records/preview-context.server";
import { getFixedSeo } from "~/features/seo/fixed-page-seo.server";
import { resolveLink } from "~/features/pages/public-index.server";
import { languageLinks, localizeLink, requestLocaleGate } from "~/features/seo/language-links.server";
import type { Route } from "./+types/_public";

export const FOOTER_MENU_LIMIT = 6;

/** Header and footer menus; the settings they also need come once, with the root route's. */
export async function loader(args?: Route.LoaderArgs) {
  const request = args?.request;
  // A prefix of a locale not served is no page; a navigation into another locale loads a new document.
  const gate = requestLocaleGate(request);
  if (gate === "not-found") throw data(null, { status: 404 });
  if (gate) throw redirectDocument(gate);
  const [headerMenu, footerMenu, fixedSeo, languages] = await Promise.all([
    getActiveMenu("header"),
    getActiveMenu("footer"),
    getFixedSeo(),
    languageLinks(request),
  ]);
  const texts = requestTexts();
  const toLink = (item: { id: number; displayName: string; url: string }) => ({
    id: item.id,
    label: item.displayName,
    // A link naming a landing page (`page:12`) follows it to its address now, in the page's locale.
    url: localizeLink(resolveLink(item.url)),
  });
  return {
    // With more than one locale, each menu ends with the language switcher's links (the same page in each).
    headerMenu: [...headerMenu.map(toLink), ...languages],
    footerMenu: [...footerMenu.slice(0, FOOTER_MENU_LIMIT).map(toLink), ...languages],
    legalLinks: legalPageNames.map((page) => ({
      url: localizeLink(`/${page}`),
      label: legalTitle(texts, page),
    })),
    // A preview is no visit: its pages load no tracking script.
    statistics: getEnv().ANALYTICS === "on" && !currentPreview(),
    // Each fixed page's own SEO fields, for its meta (fixedPageMeta).
    fixedSeo,
  };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const texts = usePublicTexts();
  useRevealOnScroll();
  useRouterNavigation();
  // A missing page is no site page: the collector would refuse its pageview, so none is sent. The
  // catch-all (`routes/_public.$`, `routes/_public.$@de` under a locale's prefix) is the only
  // public route whose id holds a `$`, and answers without a page when none has the address.
  const notFound = useMatches().some((match) => match.id.includes("$") && !(match.data as { page?: unknown } | undefined)?.page);
  useStatisticsScript(loaderData.statistics && !notFound);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link" suppressHydrationWarning>
        {texts?.skipToContent ?? (import.meta.env.SSR ? "Skip to content" : "")}
      </a>
      <PreviewBanner />
      <SiteHeader settings={settings} menu={loaderData.headerMenu} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} menu={loaderData.footerMenu} legalLinks={loaderData.legalLinks} />
      <CookieBanner />
    </div>
  );
}
