import { z } from "zod";
import { versionField } from "~/features/records/schema";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { pageSeoSchema } from "~/features/seo/seo-fields";
import { normalisePath } from "./slug";
import { pageIntents, redirectIntents } from "./intents";

export const pageMessages = {
  titleRequired: "Укажите название страницы",
  titleTooLong: "Название слишком длинное",
  notFound: "Страница не найдена",
  disclaimerRequired: "На странице нужен блок «Предупреждение о рисках»: так требует политика страниц",
  invalid: "Неверный запрос",
  saveFailed: "Не удалось сохранить страницу",
  blocksInvalid: "Исправьте поля блоков",
  endDate: "Укажите дату и время окончания",
  endPast: "Время окончания уже прошло: укажите время в будущем",
  endBeforePublish: "Время окончания страницы уже прошло: измените или уберите его, чтобы опубликовать",
  localeUnknown: "Этого языка нет среди языков сайта",
  pathTakenInLocale: "Этот адрес уже занят другой страницей на этом языке",
  translationNotFound: "У страницы нет версии на этом языке: сначала сохраните её",
} as const;

export { pageIntents, redirectIntents } from "./intents";
const id = z.coerce.number().int().positive().max(2147483647);
const title = z.string().trim().min(1, pageMessages.titleRequired).max(200, pageMessages.titleTooLong);
const path = z.string().max(1000).transform(normalisePath);
/** A switch the form sends as "true" or "false"; anything else (or nothing) is refused. */
/**
 * Which locale's version of the page a write is for: absent, empty or the default locale's code
 * for the page itself; another code for its version there (checked against the site's locales by the write).
 */
const locale = z
  .string()
  .trim()
  .max(35, pageMessages.localeUnknown)
  .regex(/^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)?$/, pageMessages.localeUnknown)
  .optional()
  .transform((code) => (code === "" || code === DEFAULT_LOCALE ? undefined : code));
const switchValue = z.enum(["true", "false"], { message: pageMessages.invalid }).transform((value) => value === "true");

export const createPageSchema = z.object({ intent: z.literal(pageIntents.create), title, path });

/** A save of the editor: blocks and SEO travel as JSON fields, each block checked by its type's schema on the server. */
export const savePageSchema = z.object({
  intent: z.literal(pageIntents.save),
  id,
  version: versionField,
  locale,
  title,
  path,
  blocks: z.string().max(4_000_000),
  seo: z
    .string()
    .max(10_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: pageMessages.invalid });
        return z.NEVER;
      }
    })
    .pipe(pageSeoSchema),
});

export const pageStatusSchema = z.object({
  intent: z.enum([pageIntents.publish, pageIntents.delete]),
  id,
  version: versionField,
  locale,
});

export const unpublishSchema = z.object({
  intent: z.literal(pageIntents.unpublish),
  id,
  version: versionField,
  locale,
  redirectTo: z.string().trim().max(500).default(""),
});

/** A page's end time as its datetime-local field sends it (read in the site's time zone); empty removes it. */
export const pageEndSchema = z.object({
  intent: z.literal(pageIntents.end),
  id,
  version: versionField,
  endsAt: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?$/, pageMessages.endDate)
    .default(""),
  endRedirect: z.string().trim().max(500).default(""),
  endRedirectStatus: z.coerce
    .number()
    .pipe(z.union([z.literal(301), z.literal(302)]))
    .default(302),
});

export const policySchema = z.object({ intent: z.literal(pageIntents.policy), disclaimerRequired: switchValue });

export const redirectFormSchema = z.object({
  intent: z.enum([redirectIntents.create, redirectIntents.update]),
  id: id.optional(),
  version: versionField,
  fromPath: z.string().trim().max(1000),
  toPath: z.string().trim().max(1000),
  status: z.coerce.number().pipe(z.union([z.literal(301), z.literal(302)])),
});

export const redirectDeleteSchema = z.object({ intent: z.literal(redirectIntents.delete), id, version: versionField });

/** A page as the list and the editor show it. */
export interface PageSummary {
  id: number;
  title: string;
  path: string;
  status: "draft" | "published" | "unpublished";
  unpublishedRedirect: string | null;
  /** The unpublished page's redirect status (302 unless an end time chose 301). */
  unpublishedRedirectStatus: number;
  /** When the page unpublishes by itself (ISO), where to and with which status; null: no end time. */
  endsAt: string | null;
  endRedirect: string | null;
  endRedirectStatus: number;
  updatedAt: string;
  blockCount: number;
}
