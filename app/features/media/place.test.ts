import { describe, expect, it } from "vitest";
import { placeOf } from "./library.server";

const usage = (recordKey: string, recordKind: string, locale: string) => ({
  path: "/uploads/hero_1.png",
  recordKey,
  recordKind,
  locale,
  staged: false,
  releaseId: null,
  releaseName: null,
});

describe("the place a file is used in", () => {
  it("opens a landing page's version in another locale in that locale's editor", () => {
    expect(placeOf(usage("page:3@de", "landing-page", "de")).href).toBe("/admin/other/pages?page=3&locale=de");
    expect(placeOf(usage("page:3", "landing-page", "en")).href).toBe("/admin/other/pages?page=3");
  });

  it("opens a content key's translation in its locale", () => {
    expect(placeOf(usage("home/hero_image@de", "content", "de")).href).toBe("/admin/content?page=home&locale=de");
  });
});
