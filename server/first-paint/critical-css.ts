// The critical CSS of a cached page, trimmed to what its first screen reads.

/** Characters of <main> below which the footer counts as on the first screen. */
const SHORT_MAIN = 3000;

/** The glyph classes of a page's first screen: the header, the first two sections of <main> and the cookie banner. */
export function firstScreenGlyphs(html: string): Set<string> {
  const parts: string[] = [];
  const header = html.match(/<header[\s>][\s\S]*?<\/header>/);
  if (header) parts.push(header[0]);
  // A phone's first screen reaches into the second section on the shorter heroes (/contact):
  // <main> up to the end of its second top-level section, sections nested in them included.
  const main = html.indexOf("<main");
  if (main >= 0) {
    let depth = 0;
    let closed = 0;
    const mainEnd = html.indexOf("</main>", main);
    let end = mainEnd >= 0 ? mainEnd : html.length;
    for (const tag of html.slice(main, end).matchAll(/<section[\s>]|<\/section>/g)) {
      depth += tag[0] === "</section>" ? -1 : 1;
      if (depth === 0 && ++closed === 2) {
        end = main + tag.index + tag[0].length;
        break;
      }
    }
    parts.push(html.slice(main, end));
    // A page with little in <main> (a legal page not written yet, the not-found page) shows its
    // footer on a desktop's first screen.
    if (mainEnd >= 0 && mainEnd - main < SHORT_MAIN) {
      const footer = html.slice(mainEnd).match(/<footer[\s>][\s\S]*?<\/footer>/);
      if (footer) parts.push(footer[0]);
    }
  }
  // The banner element (the head's consent script names the attribute too).
  const banner = html.search(/<section[^>]* data-cookie-banner=""/);
  if (banner >= 0) parts.push(html.slice(banner, html.indexOf("</section>", banner)));
  // The menu button's icon becomes a cross when the menu opens.
  const names = new Set<string>(["glyph-x"]);
  for (const part of parts) {
    for (const match of part.matchAll(/\b((?:glyph|social)-[\w-]+)/g)) names.add(match[1]!);
  }
  return names;
}

/** The critical CSS without the icons below the first screen (they come with the full stylesheet). */
export function keepFirstScreenIcons(css: string, keep: Set<string>): string {
  return css.replace(/\.((?:glyph|social)-[\w-]+)\{[^}]*\}/g, (rule, name: string) => (keep.has(name) ? rule : ""));
}

/**
 * Drops the custom properties nothing on the page reads: Tailwind declares its theme's variables
 * and registers (`@property`) or initialises every `--tw-*` variable whatever a page uses, a fifth
 * of a page's critical CSS. The full stylesheet brings them all back when it is applied.
 */
export function dropUnreadProperties(css: string, html: string): string {
  const read = new Set<string>();
  for (const match of css.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  for (const match of html.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!);
  return css
    .replace(/@property (--[\w-]+)\{[^}]*\}/g, (rule, name: string) => (read.has(name) ? rule : ""))
    .replace(/(?<=[{;])(--[\w-]+):[^;{}]*;?/g, (declaration, name: string) => (read.has(name) ? declaration : ""))
    .replace(/;}/g, "}");
}

/**
 * The rules kept for Beasties' sake (`:where(…)`, `:is(…)`, escaped variants: see allowRules)
 * none of whose classes the page uses: they cannot apply, and would weigh on every page.
 */
export function dropUnmatchedAllowed(css: string, body: string): string {
  const classes = new Set<string>();
  const entities: Record<string, string> = { "&amp;": "&", "&gt;": ">", "&lt;": "<", "&quot;": '"', "&#x27;": "'" };
  for (const attribute of body.matchAll(/class="([^"]*)"/g)) {
    for (const name of attribute[1]!.replace(/&(?:amp|gt|lt|quot|#x27);/g, (entity) => entities[entity]!).split(/\s+/)) classes.add(name);
  }
  return css.replace(/(?<=^|[{}])([^{}@]*(?::where\(|:is\(|\\\[)[^{}@]*)\{[^{}]*\}/g, (rule, selector: string) => {
    const names = [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
    // Kept when any of its classes is there: `:is(.a,.b)>.c` applies with one of them.
    return names.length === 0 || names.some((name) => classes.has(name)) ? rule : "";
  });
}
