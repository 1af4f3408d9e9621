import { describe, expect, it } from "vitest";
import { catalogue } from "~/features/content/catalogue/catalogue";
import { BUSINESS_BENEFIT_COUNT, BUSINESS_CARD_COUNT, CONTROL_POINT_COUNT, FEATURE_CARD_COUNT, SECURITY_BADGE_COUNT } from "./counts";
import type { PageName } from "~/features/content/catalogue/types";

function numberedSections(page: PageName, pattern: RegExp) {
  return catalogue[page].filter((entry) => pattern.test(entry.section)).length;
}

describe("section counts the pages render", () => {
  it("match the catalogue's numbered keys", () => {
    expect(numberedSections("features", /^card_\d+_title$/)).toBe(FEATURE_CARD_COUNT);
    expect(numberedSections("features", /^control_point_\d+$/)).toBe(CONTROL_POINT_COUNT);
    expect(numberedSections("business", /^card_\d+_title$/)).toBe(BUSINESS_CARD_COUNT);
    expect(numberedSections("business", /^benefit_\d+$/)).toBe(BUSINESS_BENEFIT_COUNT);
    expect(numberedSections("security", /^badge_\d+$/)).toBe(SECURITY_BADGE_COUNT);
  });

  it("give the features and business pages the cards the specification names", () => {
    const titles = (page: PageName) =>
      catalogue[page].filter((entry) => /^card_\d+_title$/.test(entry.section)).map((entry) => entry.default);
    expect(titles("features")).toEqual([
      "Secure Transactions",
      "Virtual Wallet",
      "Virtual Cards",
      "Real-time Tracking",
      "Global Payments",
      "Shared Accounts",
      "Privacy Controls",
      "Spending Analytics",
    ]);
    expect(titles("business")).toEqual(["Team Management", "Corporate Cards", "Expense Reporting"]);
  });
});
