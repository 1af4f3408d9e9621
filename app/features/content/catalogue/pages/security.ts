import { key, type ContentKey } from "~/features/content/catalogue/types";

/** Keys of the security band shown on the features and business pages. */
export const securityKeys: ContentKey[] = [
  key("title", "Security you can count on"),
  key("description", "Bank-grade encryption, two-factor authentication and round-the-clock fraud monitoring protect every account."),
  key("badge_1", "PCI DSS compliant card processing"),
  key("badge_2", "Two-factor authentication"),
  key("badge_3", "24/7 fraud monitoring"),
];
