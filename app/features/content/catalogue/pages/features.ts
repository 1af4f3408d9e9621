import { key, type ContentKey } from "~/features/content/catalogue/types";

const cards: [string, string][] = [
  ["Secure Transactions", "Every payment is encrypted and checked by real-time fraud monitoring."],
  ["Virtual Wallet", "Keep your money in one wallet and pay anywhere online in seconds."],
  ["Virtual Cards", "Create virtual cards for shopping and subscriptions, freeze them any time."],
  ["Real-time Tracking", "Follow every payment and transfer the moment it happens."],
  ["Global Payments", "Send money across the SEPA area and beyond at transparent prices."],
  ["Shared Accounts", "Share an account with family or colleagues, each with their own limits."],
  ["Privacy Controls", "Decide what you share and control every card and device."],
  ["Spending Analytics", "Understand your spending with clear categories and monthly reports."],
];

/**
 * Keys of the features page: eight cards and the 'Take control of your finances' block.
 * The block's picture is the global `feature_image` setting (built-in illustration when empty).
 */
export const featuresKeys: ContentKey[] = [
  key("hero_badge", "Features"),
  key("hero_title", "Features built for modern money"),
  key("hero_subtitle", "Everything you need to pay, send, save and stay in control."),
  ...cards.flatMap(([title, description], index) => [
    key(`card_${index + 1}_title`, title),
    key(`card_${index + 1}_description`, description),
  ]),
  key("control_title", "Take control of your finances"),
  key("control_description", "Your wallet gives you the tools to manage money with confidence, wherever you are."),
  key("control_point_1", "Multiple currency support"),
  key("control_point_2", "Instant transfers"),
  key("control_point_3", "Detailed transaction history"),
  key("control_point_4", "Automated savings"),
  key("control_button", "Get started"),
];
