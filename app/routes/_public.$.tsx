import { Glyph } from "~/components/site/glyph";
import { data, redirect, type MetaDescriptor } from "react-router";
import { LandingPageIsland } from "~/components/site/blocks/landing-page-island";
import { CtaLink } from "~/components/site/cta-link";
import { logNotFound } from "~/features/seo/not-found-log.server";
import { getRequestedPage, lookupRequestedAddress } from "~/features/pages/public-page.server";
import { seoMeta } from "~/features/seo/meta";
import { withFocalPoints, withOpenGraphCrop } from "~/features/media/focal.server";
import type { LandingPageView } from "~/features/pages/view";
import type { PageCacheHandle } from "~/platform/page-cache-handle";
import { pageMeta } from "~/features/seo/seo";
import type { Route } from "./+types/_public.$";
import { usePublicTexts } from "~/components/site/use-public-texts";
import type { BrowserTexts } from "~/features/locales/public-texts";
import type { RootData } from "~/components/root-data";

/**
 * Every unknown path is answered with one cached copy of this page, status 404. A landing
 * page's address is answered here too: the page cache keeps one copy per page (campaign query
 * strings share it) and answers redirects before it comes to this route.
 */
export const handle: PageCacheHandle = { pageCache: { notFound: true } };

export async function loader({ url, context }: Route.LoaderArgs) {
  // Without the page cache (development) the redirects are answered here.
  // A preview of a release answers its staged pages and redirects; visitors only live ones.
  const answer = lookupRequestedAddress(url.pathname, url.search.slice(1));
  if (answer?.kind === "redirect") {
    answer.hit?.();
    throw redirect(answer.location, answer.status);
  }
  const page = await getRequestedPage(url.pathname);
  if (page) return { page: await withMediaFocus(page) };
  // The page cache renders its copy once, for no visitor; it logs each visit it answers.
  if (!context.document) logNotFound(url.pathname);
  return data({ page: null }, { status: 404 });
}

/** The page's images with their focal points, and its sharing image as the crop around its point. */
async function withMediaFocus(page: LandingPageView): Promise<LandingPageView> {
  const [images, seo] = await Promise.all([withFocalPoints(page.images), withOpenGraphCrop(page.seo)]);
  return { ...page, images, seo };
}

// One copy answers every unknown path, so nothing on it may name the path: no canonical or
// sharing URL (a missing page has no canonical address anyway).
const namesNoPath = (tag: MetaDescriptor) =>
  !("rel" in tag && tag.rel === "canonical") && !("property" in tag && tag.property === "og:url");

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page;
  if (page) return seoMeta(args, page.title, page.seo);
  const texts = (args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)?.texts;
  return [
    ...pageMeta(args, { title: texts?.notFoundMeta ?? "Page not found" }).filter(namesNoPath),
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const texts = usePublicTexts();
  // The server renders a landing page's blocks; the browser keeps them without their code (LandingPageIsland).
  if (loaderData.page) return <LandingPageIsland page={loaderData.page} />;
  return <MissingPage texts={texts} />;
}

function MissingPage({ texts }: { texts: BrowserTexts | undefined }) {
  return (
    <section className="page-hero-surface">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <span className="grid size-16 place-items-center rounded-2xl bg-brand/10 text-brand">
          <Glyph name="compass" className="size-8" />
        </span>
        <p className="mt-8 bg-gradient-to-br from-brand to-brand-accent bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{texts?.notFoundTitle ?? "Oops! Page not found"}</h1>
        <p className="mt-3 text-slate-600">{texts?.notFoundText ?? "The page you are looking for does not exist or has moved."}</p>
        <CtaLink to="/" size="lg" className="mt-10">
          <Glyph name="arrow-left" />
          {texts?.backHome ?? "Return to Home"}
        </CtaLink>
      </div>
    </section>
  );
}
