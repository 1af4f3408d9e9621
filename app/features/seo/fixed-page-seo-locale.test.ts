import { describe, expect, it } from "vitest";
import { localizeSeo, translatedSeo } from "./fixed-page-seo-locale";
import { emptySeo } from "./seo-fields";

const english = {
  ...emptySeo,
  title: "Fees",
  description: "No hidden costs",
  canonical: "/pricing",
  ogImage: "/uploads/en.png",
  noindex: true,
};

describe("a fixed page's SEO fields in a locale", () => {
  it("takes each field from the locale's own value, then the next locale in the chain, then the default locale's", () => {
    const own = { ...emptySeo, title: "Gebühren" };
    const siteDefault = { ...emptySeo, title: "Tarifs", description: "Aucun frais caché" };
    expect(localizeSeo(english, [own, siteDefault])).toEqual({
      title: "Gebühren",
      description: "Aucun frais caché",
      ogImage: "/uploads/en.png",
      // Never inherited: the page's own address in the locale unless the locale sets one.
      canonical: "",
      // The page's, in every locale.
      noindex: true,
    });
    expect(localizeSeo(english, [undefined])).toMatchObject({ title: "Fees", description: "No hidden costs", canonical: "" });
    expect(localizeSeo(english, [{ ...emptySeo, title: "   ", canonical: "/de/preise" }])).toMatchObject({
      title: "Fees",
      canonical: "/de/preise",
    });
  });

  it("reads a stored translation's fields, anything unreadable as empty", () => {
    expect(translatedSeo({ contentValue: JSON.stringify({ title: "Gebühren" }) })).toMatchObject({ title: "Gebühren", description: "" });
    expect(translatedSeo({ contentValue: "{not json" })).toEqual(emptySeo);
    expect(translatedSeo(null)).toBeUndefined();
  });
});
