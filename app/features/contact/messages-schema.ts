import { z } from "zod";
import { hasNoControlCharacters } from "~/platform/query-values";
import { CONTACT_SUBJECTS } from "~/features/content/catalogue/contact-form";
import { inbox } from "~/features/admin-i18n/catalogue/ru/inbox";

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

const messageId = z.coerce.number({ error: inbox.invalidId }).int().positive(inbox.invalidId).max(2_147_483_647);

export const messageIdSchema = z.object({ id: messageId });

export const messageReadSchema = z.object({
  id: messageId,
  read: z.enum(["true", "false"], { error: inbox.invalidValue }).transform((value) => value === "true"),
});

/** The inbox's answers: the Russian catalogue's texts, shown in the administrator's language through inLanguage. */
export const messageTexts = {
  notFound: inbox.notFound,
  readFailed: inbox.readFailed,
  deleted: inbox.deleted,
  deleteFailed: inbox.deleteFailed,
  retried: inbox.retried,
  retryFailed: inbox.retryFailed,
  loadFailed: inbox.loadFailed,
};
