import type { SettingCategory, SettingKey, ContentType } from "./types";

export const PRODUCT_NAME = "Valora";

const setting = (category: SettingCategory, section: string, defaultValue: string, type: ContentType = "text"): SettingKey => ({
  category,
  section,
  type,
  default: defaultValue,
});

/** Global settings (page_name "global"), grouped by the category of their settings tab. */
export const settingKeys: SettingKey[] = [
  // branding: an empty image default means "use the product's built-in asset"
  setting("branding", "header_logo_url", "", "image"),
  setting("branding", "footer_logo_url", "", "image"),
  setting("branding", "logo_alt_text", `${PRODUCT_NAME} logo`),
  setting("branding", "site_title", `${PRODUCT_NAME} — Smart and Simple E-Wallet Service`),
  setting(
    "branding",
    "site_description",
    `${PRODUCT_NAME} is a smart and simple e-wallet: personal and business accounts, virtual cards, SEPA transfers and gift cards in one app.`,
  ),
  setting("branding", "site_logo", PRODUCT_NAME),
  setting("branding", "favicon_url", "", "image"),
  setting("branding", "og_image_url", "", "image"),
  setting("branding", "logo_url", "", "image"),
  // colors
  setting("colors", "primary_color", "#4f46e5"),
  setting("colors", "secondary_color", "#0f172a"),
  setting("colors", "accent_color", "#0f766e"),
  // contact
  setting("contact", "contact_email", "hello@valora.example"),
  setting("contact", "contact_phone", "+44 20 7946 0958"),
  setting("contact", "contact_address", "1 Finsbury Avenue, London EC2M 2PF, United Kingdom"),
  setting("contact", "support_email", "support@valora.example"),
  setting("contact", "company_name", "Valora Payments Ltd"),
  setting("contact", "company_registration_number", "Company No. 12345678"),
  // social
  setting("social", "facebook_url", "https://www.facebook.com/"),
  setting("social", "twitter_url", "https://x.com/"),
  setting("social", "linkedin_url", "https://www.linkedin.com/"),
  setting("social", "instagram_url", "https://www.instagram.com/"),
  // images
  setting("images", "hero_background_image", "", "image"),
  setting("images", "about_image", "", "image"),
  setting("images", "feature_image", "", "image"),
  // payment
  setting("payment", "visa_logo_url", "", "image"),
  setting("payment", "mastercard_logo_url", "", "image"),
  setting("payment", "pci_dss_logo_url", "", "image"),
  setting("payment", "sepa_logo_url", "", "image"),
  // footer
  setting("footer", "footer_copyright", `© ${PRODUCT_NAME} Payments Ltd. All rights reserved.`),
  setting(
    "footer",
    "footer_description",
    "A smart and simple e-wallet for people and businesses: accounts, cards and SEPA transfers in one place.",
  ),
  // currency
  setting("currency", "default_currency", "EUR"),
  setting("currency", "currency_symbol", "€"),
  // buttons
  setting("buttons", "login_button_url", "/login", "url"),
  setting("buttons", "signup_button_url", "/signup", "url"),
  setting("buttons", "hero_cta_primary_url", "/signup", "url"),
  setting("buttons", "hero_cta_secondary_url", "/features", "url"),
  setting("buttons", "hero_cta_primary_text", "Open a free account"),
  setting("buttons", "hero_cta_secondary_text", "Explore features"),
  setting("buttons", "login_button_text", "Log in"),
  setting("buttons", "signup_button_text", "Sign up"),
  setting("buttons", "gift_cards_button_text", "Buy gift cards"),
  setting("buttons", "gift_cards_button_url", "https://app.valora.example/login", "url"),
];
