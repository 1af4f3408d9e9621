import { describe, expect, it } from "vitest";
import { catalogue, defaultPageRows, defaultsFor, findKey, settingsIn } from "./catalogue";
import { contentTypes, pageNames, settingCategories } from "./types";

// The global settings, by category, that the product must offer.
const specSettings: Record<string, string[]> = {
  branding: [
    "header_logo_url",
    "footer_logo_url",
    "logo_alt_text",
    "site_title",
    "site_description",
    "site_logo",
    "favicon_url",
    "og_image_url",
    "logo_url",
  ],
  colors: ["primary_color", "secondary_color", "accent_color"],
  contact: ["contact_email", "contact_phone", "contact_address", "support_email", "company_name", "company_registration_number"],
  social: ["facebook_url", "twitter_url", "linkedin_url", "instagram_url"],
  images: ["hero_background_image", "about_image", "feature_image"],
  payment: ["visa_logo_url", "mastercard_logo_url", "pci_dss_logo_url", "sepa_logo_url"],
  footer: ["footer_copyright", "footer_description"],
  currency: ["default_currency", "currency_symbol"],
  buttons: [
    "login_button_url",
    "signup_button_url",
    "hero_cta_primary_url",
    "hero_cta_secondary_url",
    "hero_cta_primary_text",
    "hero_cta_secondary_text",
    "login_button_text",
    "signup_button_text",
    "gift_cards_button_text",
    "gift_cards_button_url",
  ],
};

// The fields of the 'Prices and tariffs' tab.
const specFeesKeys = [
  "page_title",
  "page_subtitle",
  ...["personal", "business"].flatMap((plan) => [
    `${plan}_plan_name`,
    `${plan}_plan_price`,
    `${plan}_plan_description`,
    `${plan}_plan_button_text`,
    `${plan}_feature_1`,
    `${plan}_feature_2`,
    `${plan}_feature_3`,
    `${plan}_feature_4`,
    `${plan}_feature_transfers`,
  ]),
  "comparison_title",
  "comparison_feature_transfers",
  "comparison_feature_support",
  "comparison_feature_analytics",
  "comparison_feature_api",
  "comparison_feature_security",
  "faq_title",
  "faq_question_1",
  "faq_question_2",
  "faq_question_3",
  "faq_answer_1",
  "faq_answer_2",
  "faq_answer_3",
  "cta_title",
  "cta_description",
  "cta_button_primary",
  "cta_button_secondary",
];

describe("content catalogue", () => {
  it("has an entry for every page name", () => {
    expect(Object.keys(catalogue).sort()).toEqual([...pageNames].sort());
    for (const page of pageNames) expect(catalogue[page].length).toBeGreaterThan(0);
  });

  it("lists every global setting in its category", () => {
    for (const category of settingCategories) {
      const sections = settingsIn(category).map((entry) => entry.section);
      expect(sections.sort(), category).toEqual([...(specSettings[category] ?? [])].sort());
    }
  });

  it("lists every fees field", () => {
    const sections = catalogue.fees.map((entry) => entry.section);
    for (const key of specFeesKeys) expect(sections, key).toContain(key);
  });

  it("carries the product's fee figures in the fees defaults", () => {
    const text = catalogue.fees.map((entry) => entry.default).join("\n");
    for (const figure of ["17.00", "70.00", "1.50", "15.00", "20.00", "30.00", "175.00", "0.2%", "2.5%", "1.5%", "25.00", "0.75%"]) {
      expect(text, figure).toContain(figure);
    }
    expect(defaultsFor("fees").personal_plan_price).toBe("Free");
  });

  it("has unique sections, valid types and a non-empty default for every text key", () => {
    for (const page of pageNames) {
      const sections = catalogue[page].map((entry) => entry.section);
      expect(new Set(sections).size, page).toBe(sections.length);
      for (const entry of catalogue[page]) {
        expect(contentTypes).toContain(entry.type);
        expect(entry.section).toMatch(/^[a-z0-9_]{1,50}$/);
        if (entry.type !== "image") expect(entry.default.trim(), `${page}.${entry.section}`).not.toBe("");
      }
    }
  });

  it("stores legal pages as one rich_text section named page_content", () => {
    for (const page of ["privacy", "terms", "aml-kyc"] as const) {
      expect(findKey(page, "page_content")?.type).toBe("rich_text");
    }
  });

  it("initialises every non-global key and no global one", () => {
    const rows = defaultPageRows();
    expect(rows.some((row) => row.pageName === "global")).toBe(false);
    const expected = pageNames.filter((page) => page !== "global").reduce((sum, page) => sum + catalogue[page].length, 0);
    expect(rows).toHaveLength(expected);
  });
});
