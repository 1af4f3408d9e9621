import * as z from "zod/mini";
import {
  CONTACT_ERRORS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECTS,
} from "~/content/contact-form";

/**
 * The contact form (SPEC §3, §5): name, e-mail, subject and message, all required. The form
 * carries the same rules as HTML constraints (required, type=email, the subject list, lengths),
 * which the browser checks before the simulated send; the route's action checks this schema
 * when the form is posted without JavaScript.
 * NOTE: the browser does not load zod for this one form, to keep the page's script small.
 */
export const contactMessageSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, CONTACT_ERRORS.name), z.maxLength(CONTACT_NAME_MAX_LENGTH, CONTACT_ERRORS.nameTooLong)),
  email: z.email(CONTACT_ERRORS.email),
  subject: z.enum(CONTACT_SUBJECTS, CONTACT_ERRORS.subject),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_ERRORS.message),
      z.maxLength(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_ERRORS.messageTooLong),
    ),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactMessage, string>>;

/** The first error of each field, for showing next to it; null when the message is valid. */
export function contactFieldErrors(input: unknown): ContactFieldErrors | null {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return null;
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactMessage;
    errors[field] ??= issue.message;
  }
  return errors;
}
