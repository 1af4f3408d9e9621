import { settingsIn } from "~/features/content/catalogue/catalogue";
import type { SettingCategory } from "~/features/content/catalogue/types";
import { humanizeKey } from "./labels";

/** The ten tabs of 'Глобальные настройки', in order; the id is the URL segment. */
export const settingsTabs = [
  { id: "contact", label: "Контакты" },
  { id: "branding", label: "Брендинг" },
  { id: "colors", label: "Цвета" },
  { id: "images", label: "Изображения" },
  { id: "payment", label: "Платёжные системы" },
  { id: "social", label: "Соцсети" },
  { id: "currency", label: "Валюта" },
  { id: "buttons", label: "Кнопки" },
  { id: "footer", label: "Футер" },
  { id: "links", label: "Ссылки" },
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

// Branding images first, in this order, each with its recommended size.
const brandingImages: SettingCard[] = [
  { kind: "image", section: "favicon_url", title: "Favicon", description: "Рекомендуется PNG 32x32 или 64x64" },
  { kind: "image", section: "header_logo_url", title: "Логотип в шапке", description: "Рекомендуемый размер 180x48" },
  { kind: "image", section: "footer_logo_url", title: "Логотип в футере", description: "Рекомендуемый размер 120x32" },
  {
    kind: "image",
    section: "logo_url",
    title: "Основной логотип (устаревший)",
    description: "Используется, когда логотипы шапки и футера не заданы",
  },
  { kind: "image", section: "og_image_url", title: "Open Graph изображение", description: "1200x630, PNG или JPG" },
];

const paymentSystems: Record<string, string> = {
  visa_logo_url: "Visa",
  mastercard_logo_url: "Mastercard",
  pci_dss_logo_url: "PCI DSS",
  sepa_logo_url: "SEPA",
};

const textCard = (section: string): SettingCard => ({ kind: "text", section, title: humanizeKey(section) });

/** The cards of one settings category, built from the catalogue so every key has exactly one. */
export function cardsFor(category: SettingCategory): SettingCard[] {
  const keys = settingsIn(category).map((entry) => entry.section);
  switch (category) {
    case "branding": {
      const images = brandingImages.filter((card) => keys.includes(card.section));
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
