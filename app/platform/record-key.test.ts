import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, joinKey, splitKey } from "./record-key";

describe("the record key's text form", () => {
  it("prints and parses every kind of key the product writes, the default locale unprinted", () => {
    for (const text of ["home/hero_title", "global/company_name", "menu:12", "page:3", "redirect:40", "seo/fees"]) {
      const parts = splitKey(text)!;
      expect(parts.locale).toBe(DEFAULT_LOCALE);
      expect(joinKey(parts)).toBe(text);
    }
    expect(splitKey("menu:12")).toEqual({ prefix: "menu", id: "12", locale: "en" });
    expect(splitKey("home/hero_title")).toEqual({ prefix: null, id: "home/hero_title", locale: "en" });
  });

  it("carries a locale in every key, printed only when it is not the default", () => {
    expect(splitKey("home/hero_title@de")).toEqual({ prefix: null, id: "home/hero_title", locale: "de" });
    expect(splitKey("menu:12@pt-BR")).toEqual({ prefix: "menu", id: "12", locale: "pt-BR" });
    expect(joinKey({ prefix: "page", id: "3", locale: "de" })).toBe("page:3@de");
    expect(joinKey({ prefix: "page", id: "3", locale: "en" })).toBe("page:3");
  });

  it("takes a media file's name, dots and all", () => {
    expect(splitKey("media:hero_image_1700000000.png@de")).toEqual({ prefix: "media", id: "hero_image_1700000000.png", locale: "de" });
  });

  it("refuses what is not a key's shape", () => {
    expect(splitKey("")).toBeUndefined();
    expect(splitKey("home/hero@NOT A LOCALE")).toBeUndefined();
    expect(splitKey("x".repeat(301))).toBeUndefined();
    for (const text of [
      "../etc",
      "home/../etc",
      "home/a/b",
      "menu:",
      "menu:1 2",
      "menu:../x",
      "media:..",
      "media:.hidden",
      "media:a..b",
      "home",
      "home/",
      "/home",
    ]) {
      expect(splitKey(text)).toBeUndefined();
    }
  });
});
