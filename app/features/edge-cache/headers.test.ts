import { describe, expect, it } from "vitest";
import { SITE_TAG, TAG_HEADER_LIMIT, WIDE_TAG, edgeHeaders, pageTags } from "./headers";
import { groupTag, tagsOfChange } from "~/features/records/tags";

describe("edge cache tags", () => {
  it("names the site and every record read, sorted, when they fit", () => {
    expect(pageTags(["menu:*", "home/*", "home/hero_image", "global/*", "home/*"])).toEqual([
      SITE_TAG,
      "global/*",
      "home/*",
      "home/hero_image",
      "menu:*",
    ]);
  });

  it("groups records into their page's tag when they do not fit, and falls back to the wide tag", () => {
    const many = Array.from({ length: 400 }, (_, index) => `home/section_number_${index}`);
    const grouped = pageTags([...many, "menu:12", "fees/*"]);
    expect(grouped).toEqual([SITE_TAG, "fees/*", "home/*", "menu:*"]);
    const pages = Array.from({ length: 400 }, (_, index) => `page_number_${index}/title`);
    expect(pageTags(pages)).toEqual([SITE_TAG, WIDE_TAG]);
    for (const tags of [grouped, pageTags(many.slice(0, 150))]) expect(tags.join(" ").length).toBeLessThanOrEqual(TAG_HEADER_LIMIT);
  });

  it("purges a record's own tag and its group's, whichever a page carries", () => {
    expect(groupTag("home/hero_title")).toBe("home/*");
    expect(groupTag("home/hero_title@de")).toBe("home/*");
    expect(groupTag("menu:12")).toBe("menu:*");
    expect(groupTag("page:3")).toBe("page:*");
    expect(tagsOfChange(["home/hero_title", "menu:12"])).toEqual(["home/hero_title", "home/*", "menu:12", "menu:*"]);
  });

  it("writes each edge's header with its separator and the lifetimes for edges only", () => {
    const headers = Object.fromEntries(edgeHeaders(["site", "home/*"], { maxAge: 3600, staleWhileRevalidate: 60, staleIfError: 86400 }));
    expect(headers).toEqual({
      "cdn-cache-control": "max-age=3600, stale-while-revalidate=60, stale-if-error=86400",
      "surrogate-control": "max-age=3600, stale-while-revalidate=60, stale-if-error=86400",
      xkey: "site home/*",
      "surrogate-key": "site home/*",
      "cache-tag": "site,home/*",
    });
    expect(headers).not.toHaveProperty("cache-control");
  });
});
