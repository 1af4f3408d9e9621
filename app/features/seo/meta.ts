import type { MetaDescriptor } from "react-router";
import { DEFAULT_OG_IMAGE, pageMeta } from "~/features/seo/seo";
import { uploadAddress } from "~/features/uploads/upload-url";
import type { SharedSeoFields } from "./seo-fields";

interface MetaArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

const absolute = (url: string, origin: string) => {
  try {
    return new URL(url, origin).toString();
  } catch {
    return undefined;
  }
};

/**
 * A page's own search and sharing fields over the site's defaults (pageMeta): its title and
 * description, its canonical address, its sharing image, and `noindex`. Empty fields keep the defaults.
 */
export function seoMeta(args: MetaArgs, fallbackTitle: string | undefined, seo: SharedSeoFields | undefined): MetaDescriptor[] {
  const tags = pageMeta(args, { title: seo?.title || fallbackTitle, description: seo?.description || undefined });
  if (!seo) return tags;
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    { seo?: { origin: string; uploadsBase?: string } } | undefined;
  const origin = root?.seo?.origin ?? "http://localhost";
  const canonical = seo.canonical ? absolute(seo.canonical, origin) : undefined;
  const image = seo.ogImage ? absolute(uploadAddress(seo.ogImage, root?.seo?.uploadsBase), origin) : undefined;
  const adjusted = tags.map((tag) => {
    if (canonical && "rel" in tag && tag.rel === "canonical") return { ...tag, href: canonical };
    if (canonical && "property" in tag && tag.property === "og:url") return { ...tag, content: canonical };
    if (image && (("property" in tag && tag.property === "og:image") || ("name" in tag && tag.name === "twitter:image"))) {
      return { ...tag, content: image };
    }
    return tag;
  });
  // The built-in image's size and type no longer describe a page's own image; its crop has its own.
  const withoutDefaultImageSize = image
    ? adjusted.flatMap((tag) => {
        const property = "property" in tag && typeof tag.property === "string" ? tag.property : "";
        if (/^og:image:(width|height|type)$/.test(property)) return [];
        return property === "og:image:alt" && seo.ogImageCropped
          ? [
              tag,
              { property: "og:image:width", content: DEFAULT_OG_IMAGE.width },
              { property: "og:image:height", content: DEFAULT_OG_IMAGE.height },
              { property: "og:image:type", content: "image/jpeg" },
            ]
          : [tag];
      })
    : adjusted;
  return seo.noindex ? [...withoutDefaultImageSize, { name: "robots", content: "noindex" }] : withoutDefaultImageSize;
}
