import { describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { loader } from "~/routes/sitemap[.]xml";
import { siteRequest, onEmbeddedDatabase, useTestApp } from "../support/test-database";

describe.each(onEmbeddedDatabase)("sitemap.xml on %s", (kind) => {
  const app = useTestApp(kind);

  it("lists the public pages and site-relative page links, never external or admin ones", async () => {
    await app.handle.db.insert(pageContent).values([
      { pageName: "about", sectionName: "page_url", contentType: "url", contentValue: "about", pageUrl: "/about" },
      { pageName: "partner", sectionName: "page_url", contentType: "url", contentValue: "partner", pageUrl: "//evil.example/x" },
    ]);
    const response = await loader({ request: siteRequest("/sitemap.xml"), params: {}, context: { nonce: "" } } as never);
    const xml = await response.text();
    expect(response.headers.get("content-type")).toContain("application/xml");
    expect(xml).toContain("<loc>http://localhost:3000/fees</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/about</loc>");
    expect(xml).not.toContain("evil.example");
    expect(xml).not.toContain("/admin");
  });
});
