import * as z from "zod/mini";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_ERRORS,
  CONTACT_MAX_LINKS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECTS,
} from "~/features/content/catalogue/contact-form";

/** Web addresses in a text: anything starting with a scheme or `www.`. */
export function countLinks(text: string): number {
  return text.match(/\b(?:https?:\/\/|www\.)\S/gi)?.length ?? 0;
}

/**
 * The contact form: name, e-mail, subject and message, all required, plus the
 * page's language. The form carries the same rules as HTML constraints (required, type=email,
 * the subject list, lengths) from the same constants, and shows this schema's messages when
 * the route's action refuses a post.
 */
export const contactMessageSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, CONTACT_ERRORS.name), z.maxLength(CONTACT_NAME_MAX_LENGTH, CONTACT_ERRORS.nameTooLong)),
    email: z.string().check(z.trim(), z.maxLength(CONTACT_EMAIL_MAX_LENGTH, CONTACT_ERRORS.emailTooLong), z.email(CONTACT_ERRORS.email)),
    subject: z.enum(CONTACT_SUBJECTS, CONTACT_ERRORS.subject),
    message: z
      .string()
      .check(z.trim(), z.minLength(1, CONTACT_ERRORS.message), z.maxLength(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_ERRORS.messageTooLong)),
    // The page's <html lang>, when the form sends it; anything else is dropped rather than refused.
    language: z.catch(z.optional(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/))), undefined),
  })
  .check(
    z.refine((value) => countLinks(`${value.name} ${value.message}`) <= CONTACT_MAX_LINKS, {
      message: CONTACT_ERRORS.tooManyLinks,
      path: ["message"],
    }),
  );

export type ContactMessage = z.infer<typeof contactMessageSchema>;
type ContactField = "name" | "email" | "subject" | "message";
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** Parses a posted form: the message, or the first error of each field to show next to it. */
export function parseContactMessage(
  input: unknown,
): { success: true; data: ContactMessage } | { success: false; errors: ContactFieldErrors } {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** The first error of each field, for showing next to it; null when the message is valid. */
export function contactFieldErrors(input: unknown): ContactFieldErrors | null {
  const result = parseContactMessage(input);
  return result.success ? null : result.errors;
}
