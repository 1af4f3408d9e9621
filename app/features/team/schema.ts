import { ru } from "~/features/admin-i18n/catalogue/ru";
import { team } from "~/features/admin-i18n/catalogue/ru/team";
import { z } from "zod";
import { isLocale } from "~/platform/record-key";
import { roleNames, type Role } from "~/features/access/matrix";

/** The team section's messages, in the dashboard's language. */
export const teamMessages = {
  ...team.answers,
  currentPasswordRequired: ru.account.currentPasswordRequired,
  newPasswordShort: ru.account.newPasswordShort,
  passwordTooLong: ru.account.passwordTooLong,
} as const;

/** Posted account ids are better-auth's generated ids: short, URL-safe strings. */
export const accountIdSchema = z.object({
  userId: z.string({ error: teamMessages.invalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, teamMessages.invalid),
});

/** A role as posted: one of the matrix's, or "none" (no role: the login screen). */
const roleField = z.enum(roleNames as [Role, ...Role[]], { error: teamMessages.roleInvalid });

/** A translator's locales, posted as one comma-separated field ("en, de"). */
const localesField = z
  .string({ error: teamMessages.localesInvalid })
  .max(200, teamMessages.localesInvalid)
  .optional()
  .transform((text) => [
    ...new Set(
      (text ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .refine((locales) => locales.length <= 20 && locales.every(isLocale), teamMessages.localesInvalid);

export const roleChangeSchema = accountIdSchema.extend({
  role: z.union([z.literal("none"), roleField]),
  locales: localesField,
});

export const invitationCreateSchema = z.object({
  role: roleField.default("administrator"),
  email: z
    .string({ error: teamMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, teamMessages.emailInvalid)
    .pipe(z.email({ error: teamMessages.emailInvalid })),
});

export const invitationIdSchema = z.object({
  invitationId: z.coerce
    .number({ error: teamMessages.invalid })
    .int(teamMessages.invalid)
    .positive(teamMessages.invalid)
    .max(2_147_483_647, teamMessages.invalid),
});

export const signUpModeSchema = z.object({
  open: z.enum(["true", "false"], { error: teamMessages.invalid }).transform((value) => value === "true"),
});

export const sessionIdSchema = z.object({
  sessionId: z.string({ error: teamMessages.invalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, teamMessages.invalid),
});

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: teamMessages.currentPasswordRequired })
    .min(1, teamMessages.currentPasswordRequired)
    .max(128, teamMessages.passwordTooLong),
  newPassword: z
    .string({ error: teamMessages.newPasswordShort })
    .min(6, teamMessages.newPasswordShort)
    .max(128, teamMessages.passwordTooLong),
});
