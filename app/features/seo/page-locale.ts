/** A public page's language and the addresses of the same page in the other locales (hreflang). */
export interface PageLocale {
  lang: string;
  alternates: { hreflang: string; href: string }[];
}
