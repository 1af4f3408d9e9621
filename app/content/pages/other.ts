import { key, type ContentKey } from "../types";

export const faqKeys: ContentKey[] = [
  key("hero_title", "Frequently asked questions"),
  key("hero_subtitle", "Find answers about accounts, payments, cards and security."),
  key("search_placeholder", "Search questions..."),
  key("support_title", "Still have questions?"),
  key("support_description", "Our support team is happy to help."),
  key("support_button", "Contact Support"),
];

export const contactKeys: ContentKey[] = [
  key("hero_title", "Get in touch"),
  key("hero_subtitle", "Questions about your account or our services? We are here to help."),
  key("form_title", "Send us a message"),
  key("hours_title", "Business hours"),
  key("hours_weekdays", "Mon - Fri: 9:00 AM - 6:00 PM"),
  key("hours_support", "24/7 Support Available"),
];

export const securityKeys: ContentKey[] = [
  key("title", "Security you can count on"),
  key(
    "description",
    "Bank-grade encryption, two-factor authentication and round-the-clock fraud monitoring protect every account.",
  ),
];
