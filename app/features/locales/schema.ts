// The locales' forms and messages: the 'Языки' section of the dashboard reads them, and the
// server checks every form with these schemas.
import { z } from "zod";
import { isAllowedLocale } from "./allow-list";

/** A site locale as the dashboard and the public site read it. */
export interface SiteLocale {
  code: string;
  /** Its name in its own language. */
  name: string;
  state: "draft" | "public";
  isDefault: boolean;
}

/** A locale's translated share of the content keys: switching it on needs every one, or an override. */
export interface LocaleCompleteness {
  complete: number;
  total: number;
}

/**
 * How complete a locale's translation is, read through the change's own transaction (the content
 * feature counts it; the route passes it in).
 */
export type MeasureCompleteness<Db> = (db: Db, code: string) => Promise<LocaleCompleteness>;

export const localeIntents = {
  add: "add-locale",
  remove: "remove-locale",
  setDefault: "set-default-locale",
  setState: "set-locale-state",
} as const;

export const localeMessages = {
  added: "Язык добавлен",
  removed: "Язык удалён",
  defaultChosen: "Язык по умолчанию изменён",
  stateChanged: "Состояние языка изменено",
  unknownCode: "Такого языка нет в списке допустимых",
  malformedCode: "Код языка указан неверно",
  alreadyAdded: "Этот язык уже добавлен",
  notAdded: "Этого языка нет на сайте",
  removeDefault: "Нельзя удалить язык по умолчанию: сначала выберите другой",
  defaultMustBePublic: "Языком по умолчанию может быть только опубликованный язык",
  draftDefault: "Язык по умолчанию нельзя снять с публикации",
  incomplete:
    "Перевод не полный: опубликуйте язык с отметкой «несмотря на неполный перевод» (это попадёт в журнал) или сначала допереведите его",
  scheduledChanges: (releases: readonly string[]) =>
    `Нельзя удалить язык: его изменения есть в запланированных выпусках: ${releases.join(", ")}`,
  invalidRequest: "Неизвестное действие",
  failed: "Не удалось изменить языки сайта",
} as const;

const code = z
  .string({ error: localeMessages.malformedCode })
  .trim()
  .min(2, localeMessages.malformedCode)
  .max(35, localeMessages.malformedCode)
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, localeMessages.malformedCode)
  .refine(isAllowedLocale, localeMessages.unknownCode);

export const localeActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(localeIntents.add), code }),
    z.object({ intent: z.literal(localeIntents.remove), code }),
    z.object({ intent: z.literal(localeIntents.setDefault), code }),
    z.object({
      intent: z.literal(localeIntents.setState),
      code,
      state: z.enum(["draft", "public"], { error: localeMessages.invalidRequest }),
      /** Switch it on although its translation is incomplete (recorded in the activity log). */
      override: z.literal("on", { error: localeMessages.invalidRequest }).optional(),
    }),
  ],
  { error: localeMessages.invalidRequest },
);

export type LocaleAction = z.infer<typeof localeActionSchema>;
