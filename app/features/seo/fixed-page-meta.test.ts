import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { emptySeo } from "~/features/seo/seo-fields";
import { fixedPageMeta, PUBLIC_LAYOUT_ID } from "./fixed-page-meta";
import { fixedSeoPages, parseFixedSeo } from "./fixed-page-seo";

const settings = defaultsFor("global");
const site = { origin: "https://www.example.com", defaultImageAlt: "Valora" };
const args = (pathname: string, stored: Record<string, unknown> = {}) => ({
  location: { pathname },
  matches: [
    { id: "root", loaderData: { settings, seo: site } },
    { id: PUBLIC_LAYOUT_ID, loaderData: { fixedSeo: { [pathname]: { ...emptySeo, ...stored } } } },
  ],
});
type Tags = ReturnType<typeof fixedPageMeta>;
const find = (meta: Tags, key: string) =>
  meta.find((tag) => ("property" in tag ? tag.property === key : "name" in tag ? tag.name === key : key in tag)) as
    Record<string, string> | undefined;
const canonical = (meta: Tags) => meta.find((tag) => "rel" in tag && tag.rel === "canonical") as { href: string } | undefined;

describe("a fixed page's meta", () => {
  it("with nothing stored: the page's own title and description over the global settings", () => {
    const meta = fixedPageMeta(args("/fees"), { title: "Fees", description: "Transparent pricing" });
    expect(find(meta, "title")).toEqual({ title: `Fees | ${settings.site_title}` });
    expect(find(meta, "description")?.content).toBe("Transparent pricing");
    expect(canonical(meta)?.href).toBe("https://www.example.com/fees");
    expect(find(meta, "robots")).toBeUndefined();
    // Without the page's own description the global one applies.
    expect(find(fixedPageMeta(args("/"), {}), "description")?.content).toBe(settings.site_description);
    expect(find(fixedPageMeta(args("/"), {}), "title")).toEqual({ title: settings.site_title });
  });

  it("on a page in another locale, reads the fields from the layout's copy under the prefix (`routes/_public@de`)", () => {
    const german = {
      location: { pathname: "/de/fees" },
      matches: [
        { id: "root", loaderData: { settings, seo: site } },
        { id: `${PUBLIC_LAYOUT_ID}@de`, loaderData: { fixedSeo: { "/de/fees": { ...emptySeo, title: "Gebühren" } } } },
      ],
    };
    expect(find(fixedPageMeta(german, { title: "Fees" }), "title")).toEqual({ title: `Gebühren | ${settings.site_title}` });
    expect(canonical(fixedPageMeta(german, { title: "Fees" }))?.href).toBe("https://www.example.com/de/fees");
  });

  it("an entry of empty fields makes the same tags as no entry (the public layout sends only pages with fields)", () => {
    const without = (pathname: string) => ({
      ...args(pathname),
      matches: [args(pathname).matches[0]!, { id: PUBLIC_LAYOUT_ID, loaderData: { fixedSeo: {} } }],
    });
    for (const [pathname, page] of [
      ["/fees", { title: "Fees", description: "Transparent pricing" }],
      ["/faq", { title: "FAQ" }],
      ["/", {}],
    ] as const) {
      expect(fixedPageMeta(without(pathname), page)).toEqual(fixedPageMeta(args(pathname), page));
    }
  });

  it("stored fields win: title, description, canonical, sharing image and noindex", () => {
    const meta = fixedPageMeta(
      args("/fees", {
        title: "Low fees",
        description: "No hidden costs",
        canonical: "/pricing",
        ogImage: "/uploads/fees.png",
        noindex: true,
      }),
      { title: "Fees", description: "Transparent pricing" },
    );
    expect(find(meta, "title")).toEqual({ title: `Low fees | ${settings.site_title}` });
    expect(find(meta, "description")?.content).toBe("No hidden costs");
    expect(find(meta, "og:description")?.content).toBe("No hidden costs");
    expect(canonical(meta)?.href).toBe("https://www.example.com/pricing");
    expect(find(meta, "og:image")?.content).toBe("https://www.example.com/uploads/fees.png");
    expect(find(meta, "robots")).toEqual({ name: "robots", content: "noindex" });
  });

  it("a page's own image has no size, unless it is the server's crop around its focal point (1200 × 630, JPEG)", () => {
    const own = fixedPageMeta(args("/fees", { ogImage: "/uploads/fees.png" }));
    for (const key of ["og:image:width", "og:image:height", "og:image:type"]) expect(find(own, key)).toBeUndefined();
    const cropped = fixedPageMeta(args("/fees", { ogImage: "/uploads/fees-og500x250.jpg", ogImageCropped: true }));
    expect(find(cropped, "og:image")?.content).toBe("https://www.example.com/uploads/fees-og500x250.jpg");
    const properties = cropped.flatMap((tag) => ("property" in tag && typeof tag.property === "string" ? [tag.property] : []));
    // The size follows its image, as Open Graph's structured properties do.
    expect(properties.slice(properties.indexOf("og:image"))).toEqual([
      "og:image",
      "og:image:alt",
      "og:image:width",
      "og:image:height",
      "og:image:type",
    ]);
    expect([find(cropped, "og:image:width")?.content, find(cropped, "og:image:height")?.content]).toEqual(["1200", "630"]);
    expect(find(cropped, "og:image:type")?.content).toBe("image/jpeg");
  });

  it("without the public layout's data falls back to the plain page meta", () => {
    const meta = fixedPageMeta(
      { location: { pathname: "/fees" }, matches: [{ id: "root", loaderData: { settings, seo: site } }] },
      { title: "Fees" },
    );
    expect(find(meta, "title")).toEqual({ title: `Fees | ${settings.site_title}` });
  });
});

describe("stored fixed-page SEO", () => {
  it("reads JSON, and anything unreadable as the defaults", () => {
    expect(parseFixedSeo('{"title":"T","noindex":true}')).toMatchObject({ title: "T", noindex: true, description: "" });
    expect(parseFixedSeo("not json")).toEqual(emptySeo);
    expect(parseFixedSeo('{"canonical":"javascript:alert(1)"}')).toEqual(emptySeo);
    expect(parseFixedSeo(undefined)).toEqual(emptySeo);
  });

  it("covers every page in the sitemap, each with its own id", () => {
    expect(fixedSeoPages.map((page) => page.path)).toContain("/fees");
    expect(new Set(fixedSeoPages.map((page) => page.id)).size).toBe(fixedSeoPages.length);
    expect(fixedSeoPages.find((page) => page.path === "/")?.id).toBe("index");
  });
});
