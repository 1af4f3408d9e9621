// The stylesheets and images a page references, found in its HTML (`<link rel=stylesheet>`,
// preload links, `<img src/srcset>`, `<source srcset>`, `og:image`), and the same references
// rewritten to where the archive serves its copies. Plain parsing of the tags the site writes:
// no script runs, nothing is fetched here.

/** The tags whose attributes may name an asset. */
const TAG = /<(link|img|source|meta)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const decode = (value: string) =>
  value.replace(
    /&(amp|quot|#39|#x27|lt|gt);/gi,
    (_, name: string) => ({ amp: "&", quot: '"', "#39": "'", "#x27": "'", lt: "<", gt: ">" })[name.toLowerCase()] ?? "",
  );
const encode = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

interface Attribute {
  name: string;
  value: string;
  /** Where the whole `name="value"` text is in the tag's attribute text. */
  start: number;
  end: number;
}

function attributesOf(text: string): Attribute[] {
  const found: Attribute[] = [];
  for (const match of text.matchAll(ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4];
    if (value === undefined) continue;
    found.push({ name: match[1]!.toLowerCase(), value: decode(value), start: match.index, end: match.index + match[0].length });
  }
  return found;
}

const PRELOADED = new Set(["style", "image", "font"]);
const IMAGE_META = new Set(["og:image", "og:image:url", "og:image:secure_url", "twitter:image"]);

/** The attributes of one tag that name assets, and whether each is a srcset (several addresses). */
function assetAttributes(tag: string, attributes: Attribute[]): { attribute: Attribute; srcset: boolean }[] {
  const get = (name: string) => attributes.find((attribute) => attribute.name === name);
  const pick = (name: string, srcset = false) => {
    const attribute = get(name);
    return attribute && attribute.value.trim() !== "" ? [{ attribute, srcset }] : [];
  };
  switch (tag) {
    case "link": {
      const rel = (get("rel")?.value ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("stylesheet")) return pick("href");
      if (rel.includes("preload") && PRELOADED.has((get("as")?.value ?? "").toLowerCase()))
        return [...pick("href"), ...pick("imagesrcset", true)];
      return [];
    }
    case "img":
      return [...pick("src"), ...pick("srcset", true)];
    case "source":
      return pick("srcset", true);
    default: {
      const name = (get("property")?.value ?? get("name")?.value ?? "").toLowerCase();
      return IMAGE_META.has(name) ? pick("content") : [];
    }
  }
}

/** The addresses of a srcset (`a.webp 640w, b.webp 1280w`). */
const srcsetUrls = (value: string) =>
  value
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter((url) => url !== "");

/** Every asset address the page names, once each, in the order found. */
export function assetUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(TAG)) {
    for (const { attribute, srcset } of assetAttributes(match[1]!.toLowerCase(), attributesOf(match[2]!))) {
      for (const url of srcset ? srcsetUrls(attribute.value) : [attribute.value.trim()]) if (!url.startsWith("data:")) urls.add(url);
    }
  }
  return [...urls];
}

/** The page with each asset address found in `replacements` written as its replacement; the rest as it was. */
export function rewriteAssetUrls(html: string, replacements: ReadonlyMap<string, string>): string {
  if (replacements.size === 0) return html;
  return html.replace(TAG, (whole, name: string, text: string) => {
    const targets = assetAttributes(name.toLowerCase(), attributesOf(text));
    if (targets.length === 0) return whole;
    let rewritten = text;
    for (const { attribute, srcset } of [...targets].sort((a, b) => b.attribute.start - a.attribute.start)) {
      const value = srcset
        ? attribute.value
            .split(",")
            .map((candidate) => {
              const [url = "", ...rest] = candidate.trim().split(/\s+/);
              return [replacements.get(url) ?? url, ...rest].join(" ");
            })
            .join(", ")
        : (replacements.get(attribute.value.trim()) ?? attribute.value);
      rewritten = `${rewritten.slice(0, attribute.start)}${attribute.name}="${encode(value)}"${rewritten.slice(attribute.end)}`;
    }
    return `<${name}${rewritten}>`;
  });
}
