import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { wordmark } from "../../../../scripts/gift-card-logos.js";
import { contrastRatio } from "~/features/content/settings/colour";
import { giftCardBrands } from "./gift-cards";

describe("gift-card brands", () => {
  it("are the eight brands, each with a logo, a fallback logo and a colour", () => {
    expect(giftCardBrands).toHaveLength(8);
    expect(new Set(giftCardBrands.map((brand) => brand.name)).size).toBe(8);
    for (const brand of giftCardBrands) {
      expect(brand.logo).toMatch(/^\/gift-cards\/[\w-]+\.svg$/);
      expect(brand.fallbackLogo).toMatch(/^\/gift-cards\/[\w-]+\.png$/);
      expect(brand.colour).toMatch(/^#[0-9a-f]{6}$/);
      for (const file of [brand.logo, brand.fallbackLogo]) expect(fs.existsSync(path.join("public", file)), file).toBe(true);
    }
  });

  it("have wordmarks as scripts/gift-card-logos.js makes them, the size the page lays out", async () => {
    for (const brand of giftCardBrands) {
      const svg = fs.readFileSync(path.join("public", brand.logo), "utf8");
      expect(svg, brand.name).toBe(wordmark(brand.name).svg);
      expect(wordmark(brand.name).width, brand.name).toBe(brand.logoWidth);
      const png = await sharp(path.join("public", brand.fallbackLogo)).metadata();
      expect([png.width, png.height], brand.name).toEqual([brand.logoWidth * 2, 112]);
    }
  });

  it("keep the name legible on the tile's colour (WCAG AA)", () => {
    for (const brand of giftCardBrands) {
      expect(contrastRatio(brand.colour, brand.textColour), brand.name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
