import { describe, expect, it } from "vitest";
import { renderRobots, renderSitemap } from "./sitemap.server";

describe("sitemap and robots", () => {
  it("lists each path once under the origin, escaped", () => {
    const xml = renderSitemap("https://example.com", ["/", "/fees", "/fees", "/a&b"]);
    expect(xml.match(/<loc>/g)).toHaveLength(3);
    expect(xml).toContain("<loc>https://example.com/fees</loc>");
    expect(xml).toContain("<loc>https://example.com/a&amp;b</loc>");
  });

  it("keeps crawlers out of the admin and names the sitemap", () => {
    const robots = renderRobots("https://example.com");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Sitemap: https://example.com/sitemap.xml");
  });
});
