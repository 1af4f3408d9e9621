import { z } from "zod";
import { blockMessages, image, link, noImage, optionalText, text } from "./fields";

const items = <T extends z.ZodType>(item: T, max: number) => z.array(item).min(1, blockMessages.itemsFew).max(max, blockMessages.items);

/**
 * Every block type a landing page can use: its label in the palette, its Zod schema and its
 * default. A new type needs its entry here and its component in
 * app/components/site/blocks/block-components.ts (the type checker asks for it).
 */
export const blockTypes = {
  hero: {
    single: true,
    label: "Первый экран",
    schema: z.object({
      badge: optionalText(80),
      title: text(120),
      subtitle: optionalText(300),
      primaryText: text(40),
      primaryUrl: link,
      secondaryText: optionalText(40),
      secondaryUrl: link,
      point1: optionalText(80),
      point2: optionalText(80),
      point3: optionalText(80),
      image,
    }),
    defaults: {
      badge: "New",
      title: "A wallet for everything you pay for",
      subtitle: "Open an account in minutes and pay, send and save in one place.",
      primaryText: "Get started",
      primaryUrl: "/signup",
      secondaryText: "See the fees",
      secondaryUrl: "/fees",
      point1: "No paperwork",
      point2: "Free to open",
      point3: "Cancel any time",
      image: noImage,
    },
  },
  features: {
    single: true,
    label: "Сетка преимуществ",
    schema: z.object({
      title: text(120),
      subtitle: optionalText(300),
      // The section's grid has four cards, each with its own icon.
      items: z.array(z.object({ title: text(80), description: text(300) })).length(4),
    }),
    defaults: {
      title: "Why people choose us",
      subtitle: "Everything a modern wallet should do.",
      items: [
        { title: "One wallet", description: "Cards, balances and transfers together." },
        { title: "Cards", description: "Virtual and physical cards in minutes." },
        { title: "Transfers", description: "Send money at home and abroad." },
        { title: "Gift cards", description: "Buy gift cards from the brands you like." },
      ],
    },
  },
  text_image: {
    label: "Текст с изображением",
    schema: z.object({ title: text(120), text: text(2000), image, imageSide: z.enum(["left", "right"]) }),
    defaults: {
      title: "Built for the way you pay",
      text: "Track every payment as it happens and keep your money safe with instant card controls.",
      image: noImage,
      imageSide: "right" as "left" | "right",
    },
  },
  rich_text: {
    label: "Форматированный текст",
    schema: z.object({ html: z.string().max(100_000, blockMessages.tooLong) }),
    defaults: { html: "<p>Write the details of the offer here.</p>" },
  },
  cta: {
    label: "Призыв к действию",
    schema: z.object({ title: text(120), text: optionalText(300), buttonText: text(40), buttonUrl: link }),
    defaults: { title: "Ready to start?", text: "Open your account today.", buttonText: "Open an account", buttonUrl: "/signup" },
  },
  faq: {
    single: true,
    label: "Вопросы и ответы",
    schema: z.object({ title: text(120), items: items(z.object({ question: text(200), answer: text(1000) }), 4) }),
    defaults: {
      title: "Questions and answers",
      items: [{ question: "How long does it take to open an account?", answer: "A few minutes: you need an identity document." }],
    },
  },
  plans: {
    single: true,
    label: "Тарифы (из цен)",
    schema: z.object({ title: optionalText(120) }),
    defaults: { title: "" },
  },
  fee_comparison: {
    single: true,
    label: "Сравнение тарифов (из цен)",
    schema: z.object({}),
    defaults: {},
  },
  gift_cards: {
    single: true,
    label: "Подарочные карты",
    schema: z.object({ title: text(120), subtitle: optionalText(300) }),
    defaults: { title: "Gift cards", subtitle: "Buy gift cards from the brands you like." },
  },
  app_download: {
    single: true,
    label: "Мобильное приложение",
    schema: z.object({ badge: optionalText(40), title: text(120), subtitle: optionalText(300), store1: text(40), store2: text(40) }),
    defaults: {
      badge: "Coming soon",
      title: "The app is on its way",
      subtitle: "Manage your wallet from your phone.",
      store1: "App Store",
      store2: "Google Play",
    },
  },
  disclaimer: {
    label: "Предупреждение о рисках",
    schema: z.object({ title: text(120), text: text(3000) }),
    defaults: {
      title: "Important information",
      text: "Offers are subject to terms and eligibility. Fees may apply. Read the terms before you apply.",
    },
  },
} as const;

export type BlockType = keyof typeof blockTypes;

/**
 * Types a page may hold once: their sections carry fixed element ids (and a second copy would
 * repeat them) or show site-wide content that once is enough.
 */
export const isSingleBlockType = (type: BlockType) => "single" in blockTypes[type] && blockTypes[type].single === true;
export type BlockData<T extends BlockType> = z.infer<(typeof blockTypes)[T]["schema"]>;

/** The types in the palette's order. */
export const blockTypeIds = Object.keys(blockTypes) as BlockType[];

export const isBlockType = (value: unknown): value is BlockType =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(blockTypes, value);
