// The product's own icons while no favicon is uploaded (the same as root.tsx renders).
const variants: { rel: string; sizes?: string; fallback: string }[] = [
  { rel: "icon", fallback: "/favicon.png" },
  { rel: "shortcut icon", fallback: "/favicon.png" },
  { rel: "apple-touch-icon", fallback: "/apple-touch-icon.png" },
  { rel: "icon", sizes: "16x16", fallback: "/favicon-16x16.png" },
  { rel: "icon", sizes: "32x32", fallback: "/favicon.png" },
];

/**
 * After favicon_url is saved the browser's icons change at once, without a reload:
 * every icon link is removed, then the variants are added again with the new address (png).
 */
export function replaceFaviconLinks(url: string) {
  for (const link of document.head.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')) link.remove();
  for (const variant of variants) {
    const link = document.createElement("link");
    link.rel = variant.rel;
    link.type = "image/png";
    link.href = url || variant.fallback;
    if (variant.sizes) link.setAttribute("sizes", variant.sizes);
    document.head.append(link);
  }
}
