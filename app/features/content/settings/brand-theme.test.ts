import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { brandThemeCss } from "./brand-theme";
import { contrastRatio, readableTextOn } from "./colour";

describe("brand theme", () => {
  it("passes WCAG AA (4.5:1) for text on and against every default brand colour", () => {
    const settings = defaultsFor("global");
    for (const name of ["primary_color", "secondary_color", "accent_color"]) {
      const colour = settings[name]!;
      expect(contrastRatio(colour, "#ffffff"), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colour, readableTextOn(colour)), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("writes each valid colour with a legible foreground", () => {
    const css = brandThemeCss({ primary_color: "#4f46e5", secondary_color: "#fde047", accent_color: "#0f766e" });
    expect(css).toBe(
      ":root{--brand-primary:#4f46e5;--brand-primary-foreground:#ffffff;--brand-secondary:#fde047;--brand-secondary-foreground:#0f172a;--brand-accent:#0f766e;--brand-accent-foreground:#ffffff}",
    );
  });

  it("drops values that are not #rrggbb so nothing else reaches the stylesheet", () => {
    expect(brandThemeCss({ primary_color: "red;}body{display:none", secondary_color: "#123" })).toBe("");
    expect(brandThemeCss({ primary_color: " #000000 " })).toBe(":root{--brand-primary:#000000;--brand-primary-foreground:#ffffff}");
    expect(brandThemeCss(undefined)).toBe("");
  });
});
