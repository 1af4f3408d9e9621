// The public pages, listed once. The route table builds the public routes from this list; the
// sitemap, the end-to-end tests, Lighthouse, the first-paint comparison, the budgets and the
// benchmarks read it. Plain JavaScript without imports, so `node scripts/*.js` loads it as it
// is and TypeScript reads its types (the paths as literals) from the JSDoc below.

/**
 * @typedef {object} PublicPage
 * @property {string} path The page's address.
 * @property {string} file Its route module, relative to app/.
 * @property {boolean} sitemap Listed in sitemap.xml and measured by Lighthouse, the first-paint
 *   comparison and the budgets: every page but sign-in and sign-up, which only link onwards.
 * @property {boolean} bench Measured by `npm run bench` and `npm run bench:ab` (the busiest pages).
 */

/** The layout every public page shares: header, footer and settings loaded once. */
export const PUBLIC_LAYOUT_FILE = "routes/_public.tsx";
/** The not-found page: every address no route takes, under the public layout. */
export const NOT_FOUND_FILE = "routes/_public.$.tsx";

/** In the route table's order. */
export const publicPages = /** @satisfies {readonly PublicPage[]} */ (
  /** @type {const} */ ([
    { path: "/", file: "routes/_public._index.tsx", sitemap: true, bench: true },
    { path: "/home", file: "routes/_public.home.tsx", sitemap: true, bench: false },
    { path: "/features", file: "routes/_public.features.tsx", sitemap: true, bench: false },
    { path: "/fees", file: "routes/_public.fees.tsx", sitemap: true, bench: true },
    { path: "/business", file: "routes/_public.business.tsx", sitemap: true, bench: false },
    { path: "/contact", file: "routes/_public.contact.tsx", sitemap: true, bench: true },
    { path: "/faq", file: "routes/_public.faq.tsx", sitemap: true, bench: true },
    { path: "/privacy", file: "routes/_public.privacy.tsx", sitemap: true, bench: false },
    { path: "/terms", file: "routes/_public.terms.tsx", sitemap: true, bench: false },
    { path: "/aml-kyc", file: "routes/_public.aml-kyc.tsx", sitemap: true, bench: false },
    { path: "/login", file: "routes/_public.login.tsx", sitemap: false, bench: false },
    { path: "/signup", file: "routes/_public.signup.tsx", sitemap: false, bench: false },
  ])
);

/** Every public page's address. */
export const publicPagePaths = publicPages.map((page) => page.path);

/** The pages in sitemap.xml, which the audits and budgets measure (all but sign-in and sign-up). */
export const sitemapPagePaths = publicPages.filter((page) => page.sitemap).map((page) => page.path);

/** The pages the throughput benchmarks measure. */
export const benchPagePaths = publicPages.filter((page) => page.bench).map((page) => page.path);

/** An address no page takes, for the not-found page in tests and audits. */
export const UNKNOWN_PATH = "/no-such-page";
