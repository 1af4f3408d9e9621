import { businessKeys } from "./pages/business";
import { featuresKeys } from "./pages/features";
import { homeKeys } from "./pages/home";
import { contactKeys, faqKeys, securityKeys } from "./pages/other";
import { feesKeys } from "./fees";
import { legalKeys } from "./legal";
import { settingKeys } from "./settings";
import type { ContentKey, PageName, SettingCategory, SettingKey } from "./types";

/** Every content key of every page, with its type and default. */
export const catalogue: Record<PageName, ContentKey[]> = {
  global: settingKeys,
  home: homeKeys,
  features: featuresKeys,
  fees: feesKeys,
  business: businessKeys,
  faq: faqKeys,
  contact: contactKeys,
  privacy: legalKeys("privacy"),
  terms: legalKeys("terms"),
  "aml-kyc": legalKeys("aml-kyc"),
  security: securityKeys,
};

export function defaultsFor(page: PageName): Record<string, string> {
  return Object.fromEntries(catalogue[page].map((entry) => [entry.section, entry.default]));
}

export function findKey(page: string, section: string): ContentKey | undefined {
  return (catalogue as Record<string, ContentKey[] | undefined>)[page]?.find((entry) => entry.section === section);
}

export function settingsIn(category: SettingCategory): SettingKey[] {
  return settingKeys.filter((entry) => entry.category === category);
}

/** The rows Initialize All Content writes: every non-global page's defaults. */
export function defaultPageRows() {
  return (Object.entries(catalogue) as [PageName, ContentKey[]][])
    .filter(([page]) => page !== "global")
    .flatMap(([page, keys]) =>
      keys.map((entry) => ({
        pageName: page,
        sectionName: entry.section,
        contentType: entry.type,
        contentValue: entry.default,
      })),
    );
}
