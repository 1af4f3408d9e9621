import { key, type ContentKey, type LegalPageName } from "./types";

export const LEGAL_SECTION = "page_content";

export const legalPageTitles: Record<LegalPageName, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  "aml-kyc": "AML/KYC Policy",
};

export const legalPlaceholder = (page: LegalPageName) =>
  `<h2>${legalPageTitles[page]}</h2><p>This page has not been written yet. An administrator can add its text in the admin dashboard under Legal pages.</p>`;

export const legalKeys = (page: LegalPageName): ContentKey[] => [
  key(LEGAL_SECTION, legalPlaceholder(page), "rich_text"),
];
