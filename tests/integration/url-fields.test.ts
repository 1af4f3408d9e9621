// The same hostile addresses in every URL field of the product: each field refuses them all,
// and keeps taking what it took before (paths of the site, https addresses, page references).
import { describe, expect, it } from "vitest";
import { menuItemSchema } from "~/features/content/menu/schema";
import { addPageLinkSchema, updatePageUrlSchema } from "~/features/content/page-links/schema";
import { settingValueProblem } from "~/features/content/settings/schema";
import { image, link } from "~/features/pages/blocks/fields";
import { pageSeoSchema } from "~/features/seo/seo-fields";
import { redirectTargetProblem } from "~/features/pages/slug";
import { fixedSeoIntent, fixedSeoSaveSchema } from "~/features/seo/fixed-page-seo";
import { resolveLink } from "~/components/site/link-target";
import { parseSafeUrl } from "~/platform/safe-url";

/** Addresses that lead off the site, run script or smuggle characters a browser drops or rewrites. */
export const hostileUrls = [
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "//evil.example",
  "///evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/a\u0000b",
  "/a\rb",
  "/a\nb",
  "/a b",
  "/a\u00a0b",
  "/\u200b/evil.example",
  "/\u2028/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "https:evil.example",
  "https:/evil.example",
  "https://site.example@evil.example/",
  "https://evil.example\\@site.example/",
  "https://evil.example/\u0000",
  "ftp://evil.example/",
  "evil.example",
  "offer",
];

interface Field {
  name: string;
  accepts: (value: string) => boolean;
  valid: string[];
}

const ok = (result: { success: boolean }) => result.success;
const fields: Field[] = [
  {
    name: "page canonical",
    accepts: (v) => ok(pageSeoSchema.safeParse({ canonical: v })),
    valid: ["/offer", "https://site.example/offer"],
  },
  {
    name: "page sharing image",
    accepts: (v) => ok(pageSeoSchema.safeParse({ ogImage: v })),
    valid: ["/uploads/a.jpg", "https://cdn.example/a.jpg"],
  },
  {
    name: "fixed page canonical",
    accepts: (v) =>
      ok(
        fixedSeoSaveSchema.safeParse({
          intent: fixedSeoIntent,
          id: "home",
          title: "",
          description: "",
          canonical: v,
          ogImage: "",
          noindex: "false",
        }),
      ),
    valid: ["/", "https://site.example/"],
  },
  {
    name: "fixed page sharing image",
    accepts: (v) =>
      ok(
        fixedSeoSaveSchema.safeParse({
          intent: fixedSeoIntent,
          id: "home",
          title: "",
          description: "",
          canonical: "",
          ogImage: v,
          noindex: "false",
        }),
      ),
    valid: ["/uploads/a.png"],
  },
  {
    name: "menu item",
    accepts: (v) => ok(menuItemSchema.safeParse({ displayName: "Offer", url: v, menuType: "header", sortOrder: 1 })),
    valid: ["/offer", "/fees#cards", "/faq?q=x", "page:12"],
  },
  {
    name: "new page link",
    accepts: (v) => ok(addPageLinkSchema.safeParse({ pageName: "about", pageUrl: v })),
    valid: ["/about", "https://a.example", "http://a.example", "page:3"],
  },
  {
    name: "page link",
    accepts: (v) => ok(updatePageUrlSchema.safeParse({ id: 1, pageUrl: v })),
    valid: ["", "/about", "https://a.example/x?y=1#z"],
  },
  { name: "block link", accepts: (v) => ok(link.safeParse(v)), valid: ["/offer", "page:4", "https://a.example", "http://a.example/x"] },
  {
    name: "block image",
    accepts: (v) => ok(image.safeParse({ src: v, alt: "Photo", decorative: false })),
    valid: ["", "/uploads/b.webp", "https://cdn.example/b.png"],
  },
  {
    name: "redirect target",
    accepts: (v) => redirectTargetProblem(v) === undefined,
    valid: ["/fees", "/a/b?c=1", "https://partner.example/offer", "http://partner.example/"],
  },
  {
    name: "social link setting",
    accepts: (v) => settingValueProblem("facebook_url", v) === null,
    valid: ["", "https://www.facebook.com/valora", "/contact"],
  },
  {
    name: "button setting",
    accepts: (v) => settingValueProblem("gift_cards_button_url", v) === null,
    valid: ["https://app.valora.example/login", "/signup"],
  },
  {
    name: "image setting",
    accepts: (v) => settingValueProblem("hero_background_image", v) === null,
    valid: ["/uploads/hero.jpg", "https://cdn.example/hero.jpg"],
  },
];

describe.each(fields)("the $name field", (field) => {
  it.each(hostileUrls)("refuses %j", (value) => {
    expect(field.accepts(value)).toBe(false);
  });
  it("takes what it took before", () => {
    for (const value of field.valid) expect(field.accepts(value), value).toBe(true);
  });
});

describe("the one parser", () => {
  it("classifies once: a path of the site, a page by its id, or an address elsewhere", () => {
    expect(parseSafeUrl("/a/../fees?x=1", { external: ["https:"] })).toMatchObject({ kind: "internal", path: "/fees" });
    expect(parseSafeUrl("page:7", { pageReference: true })).toMatchObject({ kind: "page", id: 7 });
    expect(parseSafeUrl("https://A.example/x", { external: ["https:"] })).toMatchObject({ kind: "external" });
    expect(parseSafeUrl("http://a.example/", { external: ["https:"] })).toBeUndefined();
    expect(parseSafeUrl("https://a.example/")).toBeUndefined();
    expect(parseSafeUrl("page:7")).toBeUndefined();
  });

  it("stored content links that would leave the site through a path lead home instead", () => {
    for (const value of hostileUrls.filter((url) => url.startsWith("/") && !url.startsWith("//")))
      expect(resolveLink(value), JSON.stringify(value)).toEqual({ kind: "route", href: "/" });
  });
});
