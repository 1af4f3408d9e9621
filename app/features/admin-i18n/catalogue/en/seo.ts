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
} satisfies Catalogue["seo"];
