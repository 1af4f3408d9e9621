import { settingsIn } from "~/features/content/catalogue/catalogue";
import type { SettingCategory } from "~/features/content/catalogue/types";
import { humanizeKey } from "./labels";
import { settings as ruSettings } from "~/features/admin-i18n/catalogue/ru/settings";
import type { Catalogue } from "~/features/admin-i18n/messages";

/** The ten tabs of 'Глобальные настройки', in order; the id is the URL segment (named by the catalogue's `settings.tabs`). */
export const settingsTabs = [
  { id: "contact" },
  { id: "branding" },
  { id: "colors" },
  { id: "images" },
  { id: "payment" },
  { id: "social" },
  { id: "currency" },
  { id: "buttons" },
  { id: "footer" },
  { id: "links" },
] as const;

export type SettingsTabId = (typeof settingsTabs)[number]["id"];
export const DEFAULT_SETTINGS_TAB: SettingsTabId = "contact";

export function isSettingsTab(value: string): value is SettingsTabId {
  return settingsTabs.some((tab) => tab.id === value);
}

export interface SettingCard {
  kind: "text" | "color" | "image";
  section: string;
  title: string;
  description?: string;
}

// Branding images first, in this order, each with its recommended size (titles and sizes from the catalogue).
const brandingImages = ["favicon_url", "header_logo_url", "footer_logo_url", "logo_url", "og_image_url"] as const;

const paymentSystems: Record<string, string> = {
  visa_logo_url: "Visa",
  mastercard_logo_url: "Mastercard",
  pci_dss_logo_url: "PCI DSS",
  sepa_logo_url: "SEPA",
};

const textCard = (section: string): SettingCard => ({ kind: "text", section, title: humanizeKey(section) });

/**
 * The cards of one settings category, built from the content catalogue so every key has exactly
 * one; titles and descriptions in the administrator's language (`texts`, Russian by default).
 */
export function cardsFor(category: SettingCategory, texts: Catalogue["settings"] = ruSettings): SettingCard[] {
  const keys = settingsIn(category).map((entry) => entry.section);
  switch (category) {
    case "branding": {
      const images: SettingCard[] = brandingImages
        .filter((section) => keys.includes(section))
        .map((section) => ({ kind: "image", section, ...texts.images[section] }));
      const rest = keys.filter((section) => !images.some((card) => card.section === section));
      return [...images, ...rest.map(textCard)];
    }
    case "colors":
      return keys.map((section) => ({ kind: "color", section, title: humanizeKey(section) }));
    case "images":
      return keys.map((section) => ({ kind: "image", section, title: humanizeKey(section) }));
    case "payment":
      return keys.map((section) => ({ kind: "image", section, title: paymentSystems[section] ?? humanizeKey(section) }));
    default:
      return keys.map(textCard);
  }
}
