import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/colour";
import { giftCardBrands } from "./gift-cards";

describe("gift-card brands", () => {
  it("are the eight of SPEC §9, each with a logo, a fallback logo and a colour", () => {
    expect(giftCardBrands).toHaveLength(8);
    expect(new Set(giftCardBrands.map((brand) => brand.name)).size).toBe(8);
    for (const brand of giftCardBrands) {
      expect(brand.logo).toMatch(/^\/gift-cards\/[\w-]+\.svg$/);
      expect(brand.fallbackLogo).toMatch(/^\/gift-cards\/[\w-]+\.png$/);
      expect(brand.colour).toMatch(/^#[0-9a-f]{6}$/);
      for (const file of [brand.logo, brand.fallbackLogo]) expect(fs.existsSync(path.join("public", file)), file).toBe(true);
    }
  });

  it("keep the name legible on the tile's colour (WCAG AA)", () => {
    for (const brand of giftCardBrands) {
      expect(contrastRatio(brand.colour, brand.textColour), brand.name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
