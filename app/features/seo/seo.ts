import { uploadAddress } from "~/features/uploads/upload-url";
import type { MetaDescriptor } from "react-router";

/** The built-in sharing image (1200x630, carrying the product name) used without og_image_url. */
export const DEFAULT_OG_IMAGE = { path: "/og-image.png", width: "1200", height: "630" };

export interface SiteSeo {
  /** The site's origin, for absolute sharing URLs. */
  origin: string;
  /** Alt text of the default sharing image: the product name and the tagline. */
  defaultImageAlt: string;
  /** S3_PUBLIC_URL: where uploaded images are fetched from, when not from the site. */
  uploadsBase?: string;
  /** The 1200x630 crop of og_image_url around its focal point (media library), when it has one. */
  openGraphImage?: string;
}

export interface PageSeo {
  /** The page's own name; the home page has none and uses the site title alone. */
  title?: string;
  description?: string;
}

function absolute(url: string, origin: string) {
  try {
    return new URL(url, origin).toString();
  } catch {
    return `${origin}${DEFAULT_OG_IMAGE.path}`;
  }
}

const SOCIAL_SETTINGS = ["facebook_url", "twitter_url", "linkedin_url", "instagram_url"];

/**
 * schema.org Organization from the global settings, for search engines' knowledge panels.
 * Empty settings are left out; React Router escapes the JSON inside its script element.
 */
export function organizationJsonLd(settings: Record<string, string>, site: SiteSeo): Record<string, unknown> {
  const value = (key: string) => settings[key]?.trim() || undefined;
  const logo = value("header_logo_url") ?? value("logo_url") ?? "/apple-touch-icon.png";
  const sameAs = SOCIAL_SETTINGS.map(value).filter((url): url is string => !!url && /^https?:\/\//i.test(url));
  const address = value("contact_address");
  const organization: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: value("site_logo") ?? value("company_name"),
    legalName: value("company_name"),
    url: absolute("/", site.origin),
    logo: absolute(logo, site.origin),
    description: value("site_description"),
    email: value("contact_email"),
    telephone: value("contact_phone"),
    address: address ? { "@type": "PostalAddress", streetAddress: address } : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
  return Object.fromEntries(Object.entries(organization).filter(([, field]) => field !== undefined));
}

// The tags of each page, kept with the settings object they were made from: the content cache's
// own, the same until the next content write. Every render asked for them twice (the root's
// `meta` and the page's), three URL parses and the JSON-LD each time.
const seoMetaCache = new WeakMap<Record<string, string>, Map<string, readonly MetaDescriptor[]>>();
const SEO_META_KEPT = 256;

/** Title, description, canonical URL, Open Graph and Twitter tags from the global settings. */
export function buildSeoMeta(settings: Record<string, string>, site: SiteSeo, pathname: string, page: PageSeo = {}): MetaDescriptor[] {
  // The browser builds them once per navigation: its bundle leaves the keeping out.
  if (!import.meta.env.SSR) return seoMetaTags(settings, site, pathname, page);
  const key = [site.origin, site.uploadsBase, site.openGraphImage, site.defaultImageAlt, pathname, page.title, page.description].join("\n");
  let kept = seoMetaCache.get(settings);
  if (!kept) seoMetaCache.set(settings, (kept = new Map()));
  let tags = kept.get(key);
  if (!tags) {
    tags = seoMetaTags(settings, site, pathname, page);
    if (kept.size >= SEO_META_KEPT) kept.clear();
    kept.set(key, tags);
  }
  // A list of the caller's own; the tags in it are shared and never changed.
  return [...tags];
}

function seoMetaTags(settings: Record<string, string>, site: SiteSeo, pathname: string, page: PageSeo): MetaDescriptor[] {
  const siteTitle = settings.site_title ?? "";
  const title = page.title ? `${page.title} | ${siteTitle}` : siteTitle;
  const description = page.description || settings.site_description || "";
  const url = absolute(pathname, site.origin);
  const customImage = settings.og_image_url?.trim();
  const image = absolute(uploadAddress(site.openGraphImage ?? customImage, site.uploadsBase) || DEFAULT_OG_IMAGE.path, site.origin);
  const imageAlt = customImage ? siteTitle : site.defaultImageAlt;
  // The built-in image and a crop (always 1200x630) have a known size.
  const imageSize = customImage ? (site.openGraphImage ? { type: "image/jpeg" } : undefined) : { type: "image/png" };
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: settings.site_logo ?? "" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    ...(imageSize
      ? [
          { property: "og:image:width", content: DEFAULT_OG_IMAGE.width },
          { property: "og:image:height", content: DEFAULT_OG_IMAGE.height },
          { property: "og:image:type", content: imageSize.type },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": organizationJsonLd(settings, site) },
  ];
}

interface RootData {
  settings: Record<string, string>;
  seo: SiteSeo;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** A route's `meta`: the page's values merged with the site defaults the root route loaded. */
export function pageMeta(args: MetaArgsLike, page: PageSeo = {}): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return page.title ? [{ title: page.title }] : [];
  return buildSeoMeta(root.settings, root.seo, args.location.pathname, page);
}
