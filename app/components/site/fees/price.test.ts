import { describe, expect, it } from "vitest";
import { parsePlanFeature, showsPricePeriod } from "./price";

describe("price period suffix", () => {
  it("is shown after an amount", () => {
    expect(showsPricePeriod("€17.00")).toBe(true);
    expect(showsPricePeriod("17 EUR")).toBe(true);
  });

  it("is hidden for 'Free' in any case and spacing", () => {
    expect(showsPricePeriod("Free")).toBe(false);
    expect(showsPricePeriod(" free ")).toBe(false);
    expect(showsPricePeriod("FREE")).toBe(false);
  });

  it("is hidden when the price already mentions a month", () => {
    expect(showsPricePeriod("€17.00/month")).toBe(false);
    expect(showsPricePeriod("€17 per Month")).toBe(false);
    expect(showsPricePeriod("Monthly €17")).toBe(false);
  });

  it("is shown for a price that only contains the word free among others", () => {
    expect(showsPricePeriod("Free for 30 days, then €17")).toBe(true);
  });
});

describe("plan feature", () => {
  it("splits 'Name: value' at the first colon", () => {
    expect(parsePlanFeature("Card replenishment: 2.5%")).toEqual({ name: "Card replenishment", value: "2.5%" });
    expect(parsePlanFeature("Hours: 9:00 - 18:00")).toEqual({ name: "Hours", value: "9:00 - 18:00" });
  });

  it("keeps text without a colon as the name", () => {
    expect(parsePlanFeature(" Free reference letters ")).toEqual({ name: "Free reference letters", value: "" });
  });
});
