export const contentTypes = ["text", "image", "url", "rich_text"] as const;
export type ContentType = (typeof contentTypes)[number];

export const pageNames = [
  "global",
  "home",
  "features",
  "fees",
  "business",
  "faq",
  "contact",
  "privacy",
  "terms",
  "aml-kyc",
  "security",
] as const;
export type PageName = (typeof pageNames)[number];

export const legalPageNames = ["terms", "privacy", "aml-kyc"] as const;
export type LegalPageName = (typeof legalPageNames)[number];

export const settingCategories = ["contact", "branding", "colors", "images", "payment", "social", "currency", "buttons", "footer"] as const;
export type SettingCategory = (typeof settingCategories)[number];

/** One editable key: its section name, type and the default shown until an admin saves a value. */
export interface ContentKey {
  section: string;
  type: ContentType;
  default: string;
}

export interface SettingKey extends ContentKey {
  category: SettingCategory;
}

export const key = (section: string, defaultValue: string, type: ContentType = "text"): ContentKey => ({
  section,
  type,
  default: defaultValue,
});
