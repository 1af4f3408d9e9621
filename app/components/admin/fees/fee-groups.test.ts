import { describe, expect, it } from "vitest";
import { feesKeys } from "~/features/content/catalogue/fees";
import { cardsFor, settingsTabs } from "~/components/admin/settings/settings-tabs";
import { settingKeys } from "~/features/content/catalogue/settings";
import { settingCategories } from "~/features/content/catalogue/types";
import { ru } from "~/features/admin-i18n/catalogue/ru";
import { feeGroupOf, feeGroups, fieldsByGroup, isLongFeeField } from "./fee-groups";

describe("fees sub-tabs", () => {
  it("are the six sub-tabs of Prices and tariffs, in order", () => {
    expect(feeGroups.map((group) => ru.fees.groups[group.id])).toEqual([
      "General",
      "Personal Plan",
      "Business Plan",
      "Comparison",
      "FAQ",
      "Call to Action",
    ]);
  });

  it("place every key of the fees catalogue under exactly one sub-tab", () => {
    const placed = Object.values(fieldsByGroup()).flat();
    expect(placed.sort()).toEqual(feesKeys.map((entry) => entry.section).sort());
    expect(fieldsByGroup().general).toEqual(expect.arrayContaining(["page_title", "page_subtitle"]));
    expect(feeGroupOf("personal_plan_price")).toBe("personal");
    expect(feeGroupOf("business_feature_transfers")).toBe("business");
    expect(feeGroupOf("comparison_feature_api")).toBe("comparison");
    expect(feeGroupOf("faq_answer_3")).toBe("faq");
    expect(fieldsByGroup().cta).toEqual(
      expect.arrayContaining(["cta_title", "cta_description", "cta_button_primary", "cta_button_secondary"]),
    );
    expect(fieldsByGroup().personal.every((section) => section.startsWith("personal_"))).toBe(true);
  });

  it("give description and answer fields a textarea", () => {
    expect(isLongFeeField("personal_plan_description")).toBe(true);
    expect(isLongFeeField("faq_answer_1")).toBe(true);
    expect(isLongFeeField("faq_question_1")).toBe(false);
  });
});

describe("settings tabs", () => {
  it("are the ten settings tabs, contact first", () => {
    expect(settingsTabs.map((tab) => tab.id)).toEqual([
      "contact",
      "branding",
      "colors",
      "images",
      "payment",
      "social",
      "currency",
      "buttons",
      "footer",
      "links",
    ]);
  });

  it("give every global setting exactly one card of the right kind", () => {
    const cards = settingCategories.flatMap((category) => cardsFor(category));
    expect(cards.map((card) => card.section).sort()).toEqual(settingKeys.map((entry) => entry.section).sort());
    for (const entry of settingKeys) {
      const card = cards.find((candidate) => candidate.section === entry.section)!;
      expect(card.kind, entry.section).toBe(entry.type === "image" ? "image" : entry.category === "colors" ? "color" : "text");
    }
  });

  it("list the branding images first with their recommended sizes, then the texts", () => {
    const branding = cardsFor("branding");
    expect(branding.slice(0, 5).map((card) => card.section)).toEqual([
      "favicon_url",
      "header_logo_url",
      "footer_logo_url",
      "logo_url",
      "og_image_url",
    ]);
    expect(branding[0]!.description).toContain("32x32");
    expect(branding[4]!.description).toContain("1200x630");
    expect(cardsFor("payment").map((card) => card.title)).toEqual(["Visa", "Mastercard", "PCI DSS", "SEPA"]);
  });
});
