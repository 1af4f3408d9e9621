import type { Catalogue } from "../shape";

/** A page's search and sharing fields in English. */
export const seo = {
  title: "Page SEO",
  failedToLoad: "Could not load the pages' SEO",
  intro:
    "The search title and description, canonical address, social image and noindex of the site's fixed pages. Empty fields are taken from the global settings.",
  sitePages: "Site pages",
  home: "Home",
  noindexTag: "noindex",
  saved: "Saved",
  seoSaved: "Page SEO saved",
  saveFailed: "Could not save the page's SEO",
  error: "Error",
  save: "Save",
  canonicalEmpty: "Empty: the page's own address.",
  characters: (p: { count: number }) => `${p.count} chars`,
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  canonical: "Canonical address",
  ogImage: "Open Graph image (empty: from the global settings)",
  noindex: "noindex: keep out of search and sitemap.xml",
  searchResult: "Search result",
  noindexNote: "noindex: the page will not appear in search",
  social: "Social media card",
  titleLong: (p: { count: number }) => `The title is longer than ${p.count} characters: search engines will cut it`,
  descriptionLong: (p: { count: number }) => `The description is longer than ${p.count} characters: search engines will cut it`,
  locale: {
    title: (p: { name: string }) => `Page SEO: ${p.name}`,
    intro:
      "The pages' title, description, image and canonical address in this language. An empty field shows the default language's value on the site, or the built-in one without it. A substituted value is never saved as a translation.",
    canonicalEmpty: (p: { address: string }) => `Empty: the page's address in this language (${p.address}).`,
    imageLabel: "Open Graph image in this language",
    noindexShared: (p: { state: string }) =>
      `noindex is shared by every language: ${p.state}. It is changed in the default language's SEO.`,
    noindexOn: "on",
    noindexOff: "off",
    defaultLocale: "The default language's SEO is edited without choosing a language",
    stalePages: (p: { count: string }) => `Pages with stale fields: ${p.count}`,
  },
} satisfies Catalogue["seo"];
