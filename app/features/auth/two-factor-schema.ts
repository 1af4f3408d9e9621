import { z } from "zod";
import { twoFactor } from "~/features/admin-i18n/catalogue/ru/two-factor";

/** Two-factor sign-in's messages: the catalogue's Russian texts, shown in the administrator's language. */
export const twoFactorMessages = twoFactor.answers;

const password = z
  .string({ error: twoFactorMessages.passwordRequired })
  .min(1, twoFactorMessages.passwordRequired)
  .max(128, twoFactorMessages.passwordTooLong);

/** A TOTP code: six digits (spaces an app shows in the middle are ignored). */
const totpCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, twoFactorMessages.codeRequired)
      .regex(/^\d{6}$/, twoFactorMessages.codeFormat),
  );

/** A backup code as better-auth makes them: `xxxxx-xxxxx`, letters and digits. */
const backupCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, twoFactorMessages.codeRequired)
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, twoFactorMessages.codeFormat);

export const twoFactorPasswordSchema = z.object({ password });

export const twoFactorConfirmSchema = z.object({ code: totpCode });

/** The code step of a sign-in: a code from the app, or one of the backup codes. */
export const signInCodeSchema = z.discriminatedUnion(
  "method",
  [z.object({ method: z.literal("totp"), code: totpCode }), z.object({ method: z.literal("backup"), code: backupCode })],
  { error: twoFactorMessages.invalid },
);

export const twoFactorRequiredSchema = z.object({
  required: z.enum(["true", "false"], { error: twoFactorMessages.invalid }).transform((value) => value === "true"),
});

/** Where the enrolment, disabling and backup-code writes are posted (also while enrolment is required). */
export const TWO_FACTOR_ACTION = "/admin/two-factor";
