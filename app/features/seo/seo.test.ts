import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { buildSeoMeta, organizationJsonLd, pageMeta } from "./seo";

const site = { origin: "https://www.example.com", defaultImageAlt: "Valora Smart and Simple E-Wallet Service" };
const settings = defaultsFor("global");
const find = (meta: ReturnType<typeof buildSeoMeta>, key: string) =>
  meta.find((tag) => ("property" in tag ? tag.property === key : "name" in tag ? tag.name === key : key in tag));

describe("SEO meta", () => {
  it("uses the site title on the home page and prefixes page names elsewhere", () => {
    expect(find(buildSeoMeta(settings, site, "/"), "title")).toEqual({ title: settings.site_title });
    expect(find(buildSeoMeta(settings, site, "/fees", { title: "Fees" }), "title")).toEqual({
      title: `Fees | ${settings.site_title}`,
    });
  });

  it("falls back to the site description", () => {
    const meta = buildSeoMeta(settings, site, "/");
    expect(find(meta, "description")).toEqual({ name: "description", content: settings.site_description });
    expect(find(buildSeoMeta(settings, site, "/faq", { description: "Answers" }), "og:description")).toMatchObject({
      content: "Answers",
    });
  });

  it("shares the default 1200x630 image with the product name as alt text when og_image_url is empty", () => {
    const meta = buildSeoMeta({ ...settings, og_image_url: "" }, site, "/features");
    expect(find(meta, "og:image")).toMatchObject({ content: "https://www.example.com/og-image.png" });
    expect(find(meta, "og:image:width")).toMatchObject({ content: "1200" });
    expect(find(meta, "og:image:height")).toMatchObject({ content: "630" });
    expect(find(meta, "og:image:alt")).toMatchObject({ content: "Valora Smart and Simple E-Wallet Service" });
    expect(find(meta, "twitter:image:alt")).toMatchObject({ content: "Valora Smart and Simple E-Wallet Service" });
    expect(find(meta, "og:url")).toMatchObject({ content: "https://www.example.com/features" });
  });

  it("shares an uploaded image by its absolute address", () => {
    const meta = buildSeoMeta({ ...settings, og_image_url: "/uploads/og_image_url_1.png" }, site, "/");
    expect(find(meta, "og:image")).toMatchObject({ content: "https://www.example.com/uploads/og_image_url_1.png" });
    expect(find(meta, "twitter:image")).toMatchObject({ content: "https://www.example.com/uploads/og_image_url_1.png" });
    expect(find(meta, "og:image:width")).toBeUndefined();
    expect(find(meta, "twitter:card")).toMatchObject({ content: "summary_large_image" });
  });

  it("reads the root route's data in a route's meta", () => {
    const meta = pageMeta(
      { location: { pathname: "/home" }, matches: [{ id: "root", loaderData: { settings, seo: site } }, undefined] },
      { title: "Home" },
    );
    expect(meta.find((tag) => "rel" in tag && tag.rel === "canonical")).toMatchObject({ href: "https://www.example.com/home" });
    expect(pageMeta({ location: { pathname: "/" }, matches: [] }, { title: "Fees" })).toEqual([{ title: "Fees" }]);
  });

  it("describes the company as a schema.org Organization from the global settings", () => {
    const organization = organizationJsonLd(settings, site);
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: settings.site_logo,
      legalName: settings.company_name,
      url: "https://www.example.com/",
      logo: "https://www.example.com/apple-touch-icon.png",
      description: settings.site_description,
      email: settings.contact_email,
      telephone: settings.contact_phone,
      address: { "@type": "PostalAddress", streetAddress: settings.contact_address },
      sameAs: [settings.facebook_url, settings.twitter_url, settings.linkedin_url, settings.instagram_url],
    });
    expect(find(buildSeoMeta(settings, site, "/fees"), "script:ld+json")).toEqual({ "script:ld+json": organization });
  });

  it("leaves empty settings out of the Organization and uses an uploaded logo", () => {
    const organization = organizationJsonLd(
      {
        ...settings,
        header_logo_url: "/uploads/header_logo_url_1.png",
        contact_phone: " ",
        instagram_url: "",
        facebook_url: "javascript:alert(1)",
        twitter_url: "",
        linkedin_url: "",
      },
      site,
    );
    expect(organization.logo).toBe("https://www.example.com/uploads/header_logo_url_1.png");
    expect(organization).not.toHaveProperty("telephone");
    expect(organization).not.toHaveProperty("sameAs");
  });
});

describe("SEO meta of one content version", () => {
  it("is worked out once per settings object and page, and each caller gets a list of its own", () => {
    const current = { ...settings };
    const first = buildSeoMeta(current, site, "/fees", { title: "Fees" });
    const again = buildSeoMeta(current, site, "/fees", { title: "Fees" });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // The tags themselves (the JSON-LD object among them) are the kept ones.
    expect(find(again, "script:ld+json")).toBe(find(first, "script:ld+json"));
    expect(find(buildSeoMeta(current, site, "/faq", { title: "Fees" }), "og:url")).toMatchObject({
      content: "https://www.example.com/faq",
    });
  });

  it("follows a content write, which brings a new settings object", () => {
    const before = buildSeoMeta({ ...settings, site_title: "Before" }, site, "/");
    const after = buildSeoMeta({ ...settings, site_title: "After" }, site, "/");
    expect(find(before, "title")).toEqual({ title: "Before" });
    expect(find(after, "title")).toEqual({ title: "After" });
  });
});
