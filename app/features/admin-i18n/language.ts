import { z } from "zod";

/** The languages the dashboard speaks. Russian is every account's default: the specification's strings are Russian. */
export const adminLanguages = ["ru", "en"] as const;
export type AdminLanguage = (typeof adminLanguages)[number];
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = "ru";

/** Each language's name in itself, as the picker shows it (never translated). */
export const languageNames: Record<AdminLanguage, string> = { ru: "Русский", en: "English" };

/** The BCP 47 tag `Intl` formats dates and numbers with, and `<html lang>` carries. */
export const languageTags: Record<AdminLanguage, string> = { ru: "ru-RU", en: "en-GB" };

export const adminLanguageSchema = z.enum(adminLanguages, { error: "Unknown language / Неизвестный язык" });

/** A stored or posted value as a language: anything unknown reads as the default. */
export const adminLanguageOf = (value: unknown): AdminLanguage =>
  adminLanguages.includes(value as AdminLanguage) ? (value as AdminLanguage) : DEFAULT_ADMIN_LANGUAGE;
