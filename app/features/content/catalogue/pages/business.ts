import { key, type ContentKey } from "~/features/content/catalogue/types";

const benefits = [
  "Open an account online in minutes",
  "Dedicated IBAN for your company",
  "Virtual and physical cards for your team",
  "Spending limits per employee",
  "Real-time expense tracking",
  "Export reports for your accountant",
  "Multi-user access with roles",
  "30-day free trial",
];

/**
 * Keys of the business page. The hero links go to /contact and /fees; Get Started opens the
 * registration page (global `signup_button_url`) in a new tab. The hero picture is the global
 * `about_image` setting (built-in illustration when empty).
 */
export const businessKeys: ContentKey[] = [
  key("hero_badge", "For business"),
  key("hero_title", "Business banking made simple"),
  key("hero_subtitle", "Accounts, cards and expense reporting for companies of every size — all in one place."),
  key("hero_primary_button", "Talk to sales"),
  key("hero_secondary_button", "See pricing"),
  key("cards_title", "Tools for your whole team"),
  key("card_1_title", "Team Management"),
  key("card_1_description", "Invite your team, assign roles and set spending limits for each person."),
  key("card_2_title", "Corporate Cards"),
  key("card_2_description", "Issue virtual and physical cards to employees and control them in real time."),
  key("card_3_title", "Expense Reporting"),
  key("card_3_description", "Collect receipts automatically and export clean reports for accounting."),
  key("benefits_title", "Why businesses choose us"),
  key("benefits_subtitle", "Everything a growing company needs from its account, without the paperwork."),
  ...benefits.map((text, index) => key(`benefit_${index + 1}`, text)),
  key("get_started_title", "Ready to grow your business?"),
  key("get_started_description", "Open a business account today and try it free for 30 days."),
  key("get_started_button", "Get Started"),
];
