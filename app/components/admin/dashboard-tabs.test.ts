import { describe, expect, it } from "vitest";
import { sectionsFor } from "~/components/admin/other/other-sections";
import { landingFor, tabsFor } from "./dashboard-tabs";

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe("what each role is shown", () => {
  it("a translator without the default locale gets the content tab (to translate) and none of the default locale's sections", () => {
    expect(ids(tabsFor("translator", ["de"]))).toEqual(["content", "other"]);
    expect(ids(sectionsFor("translator", ["de"]))).toEqual(["team", "releases", "media"]);
    expect(landingFor("translator", ["de"])).toBe("/admin/content");
  });

  it("a translator given the default locale, and an author, get every content tab", () => {
    const contentTabs = ["content", "menu", "legal", "fees", "other"];
    expect(ids(tabsFor("translator", ["en", "de"]))).toEqual(contentTabs);
    expect(ids(tabsFor("author"))).toEqual(contentTabs);
    expect(ids(sectionsFor("author"))).toEqual(["team", "releases", "pages", "seo", "media"]);
  });

  it("a reviewer and an analyst land in 'Другое' on their first section", () => {
    expect(ids(tabsFor("reviewer"))).toEqual(["other"]);
    expect(landingFor("reviewer")).toBe("/admin/other/team");
    expect(ids(sectionsFor("analyst"))).toEqual(["team", "messages", "statistics", "archive"]);
    expect(ids(sectionsFor("reviewer"))).toEqual(["team", "releases", "archive"]);
  });
});
