// Where the search-engine sets and the language switcher learn a landing page's published
// versions per locale. The landing pages (app/features/pages/public-index.server.ts) register
// their index here as it loads: the pages feature reads this one (its SEO fields), so this one
// must not import it back.

/** A landing page's published version in one locale: its address (with the locale's prefix) and whether it is kept out of search results. */
export interface LandingVersion {
  /** The record store's locale (`en` for the page itself). */
  locale: string;
  path: string;
  noindex: boolean;
}

/** The page at an address and its published versions in the served locales; undefined for no published page there. */
export type LandingVersionsAt = (address: string, preview?: boolean) => LandingVersion[] | undefined;

let lookup: LandingVersionsAt = () => undefined;

export function registerLandingVersions(versionsAt: LandingVersionsAt) {
  lookup = versionsAt;
}

export const landingVersionsAt: LandingVersionsAt = (address, preview) => lookup(address, preview);
