import { z } from "zod";
import { hasNoControlCharacters } from "~/platform/query-values";
import { CONTACT_SUBJECTS } from "~/features/content/catalogue/contact-form";

/** The inbox's filters, read from the query string; a bad value is dropped, not an error. */
export const inboxFilterSchema = z.object({
  subject: z.enum(CONTACT_SUBJECTS).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(200)
    .refine(hasNoControlCharacters)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
});
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

const messageId = z.coerce.number({ error: "Неверный номер сообщения" }).int().positive("Неверный номер сообщения").max(2_147_483_647);

export const messageIdSchema = z.object({ id: messageId });

export const messageReadSchema = z.object({
  id: messageId,
  read: z.enum(["true", "false"], { error: "Неверное значение" }).transform((value) => value === "true"),
});

export const messageTexts = {
  notFound: "Сообщение не найдено",
  readFailed: "Не удалось изменить отметку",
  deleted: "Сообщение удалено",
  deleteFailed: "Не удалось удалить сообщение",
  retried: "Уведомление будет отправлено ещё раз",
  retryFailed: "Не удалось поставить уведомление в очередь",
  loadFailed: "Не удалось загрузить сообщения",
};
