import { z } from "zod";
import { findKey } from "~/features/content/catalogue/catalogue";
import { versionField } from "~/features/records/schema";
import { isSafeUrl, urlRules } from "~/platform/safe-url";

/** A stored content value holds at most 200000 characters. */
export const MAX_CONTENT_LENGTH = 200_000;
const MAX_URL_LENGTH = 2_000;

/** A link the site may render: an absolute http(s) address, or a path that stays on this site (~/platform/safe-url). */
export const isSiteUrl = (value: string): boolean => isSafeUrl(value, { ...urlRules.link, maxLength: MAX_URL_LENGTH });

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_COLOUR = "#000000";

export type SettingKind = "url" | "email" | "color" | "text";

/** What a global setting holds, decided from its name and catalogue type. */
export function settingKindOf(section: string): SettingKind {
  if (section.endsWith("_color")) return "color";
  if (section.endsWith("_email")) return "email";
  const type = findKey("global", section)?.type;
  if (section.endsWith("_url") || type === "image" || type === "url") return "url";
  return "text";
}

export const settingMessages = {
  unknownKey: "Неизвестная настройка",
  tooLong: "Значение слишком длинное",
  url: "Укажите адрес, начинающийся с http://, https:// или / (путь на сайте)",
  email: "Укажите корректный адрес электронной почты",
  color: "Цвет должен быть в формате #rrggbb",
} as const;

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Why a value does not fit its setting, or null when it does; an empty text keeps the default. */
export function settingValueProblem(section: string, value: string): string | null {
  const kind = settingKindOf(section);
  if (kind === "color") return HEX_COLOUR.test(value) ? null : settingMessages.color;
  if (value === "") return null;
  if (kind === "url") return isSiteUrl(value) ? null : settingMessages.url;
  if (kind === "email") return isEmail(value) ? null : settingMessages.email;
  return null;
}

const isGlobalSetting = (section: string) => findKey("global", section) !== undefined;

/** One setting card's form: which global key, and its new value. */
export const settingUpdateSchema = z
  .object({
    section: z.string().refine(isGlobalSetting, settingMessages.unknownKey),
    value: z.string().trim().max(MAX_CONTENT_LENGTH, settingMessages.tooLong),
    version: versionField,
  })
  .superRefine(({ section, value }, context) => {
    if (!isGlobalSetting(section)) return;
    const problem = settingValueProblem(section, value);
    if (problem) context.addIssue({ code: "custom", path: ["value"], message: problem });
  });

export type SettingUpdate = z.infer<typeof settingUpdateSchema>;
