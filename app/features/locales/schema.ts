// The locales' forms and messages: the 'Языки' section of the dashboard reads them, and the
// server checks every form with these schemas.
import { z } from "zod";
import { isAllowedLocale } from "./allow-list";
import { ru } from "~/features/admin-i18n/catalogue/ru";

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

/** The section's answers: the Russian catalogue's texts (shown in the administrator's language), and the one that names releases. */
export const localeMessages = {
  ...ru.locales.answers,
  scheduledChanges: (releases: readonly string[]) =>
    `Нельзя удалить язык: его изменения есть в запланированных выпусках: ${releases.join(", ")}`,
};

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
