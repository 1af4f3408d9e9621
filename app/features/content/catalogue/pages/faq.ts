import { key, type ContentKey } from "~/features/content/catalogue/types";

/** Keys of the FAQ page; the questions themselves are the fixed list in content/faq.ts. */
export const faqKeys: ContentKey[] = [
  key("hero_badge", "Help centre"),
  key("hero_title", "Frequently asked questions"),
  key("hero_subtitle", "Find answers about accounts, payments, cards and security."),
  key("search_label", "Search the FAQ"),
  key("search_placeholder", "Search questions..."),
  key("support_title", "Still have questions?"),
  key("support_description", "Our support team is happy to help."),
  key("support_button", "Contact Support"),
];
