import type { MetaDescriptor } from "react-router";
import { seoMeta } from "~/features/seo/meta";
import { pageMeta, type PageSeo } from "./seo";
import type { FixedSeoByPath } from "./fixed-page-seo";

interface MetaArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The public layout's route id: its loader hands every fixed page's stored SEO fields down. */
export const PUBLIC_LAYOUT_ID = "routes/_public";

/**
 * A fixed page's `meta`: its own stored fields (title, description, canonical address, sharing
 * image, noindex) over the page's built-in title and description, over the global settings.
 */
export function fixedPageMeta(args: MetaArgs, page: PageSeo = {}): MetaDescriptor[] {
  // The layout's copy under a locale's prefix has an id of its own (`routes/_public@de`, app/routes.ts).
  // A parent comes before its children in `matches`: the first id starting so is the layout's, not
  // its page's (`routes/_public.fees`); the shortest test, as every byte here ships on every page.
  const layout = args.matches.find((match) => match?.id.startsWith(PUBLIC_LAYOUT_ID))?.loaderData as
    { fixedSeo?: FixedSeoByPath } | undefined;
  const stored = layout?.fixedSeo?.[args.location.pathname];
  if (!stored) return pageMeta(args, page);
  // Without a stored description the page's own text stays the description, as before.
  return seoMeta(args, page.title, { ...stored, description: stored.description || page.description || "" });
}
