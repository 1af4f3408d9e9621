import { z } from "zod";

/** Sign-up: e-mail and password required, the password at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;

/** The login and sign-up forms: checked in the browser first, then again by the route action. */
export const credentialsSchema = z.object({
  email: z.email({ error: "Enter a valid e-mail address" }),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: "Password must be at least 6 characters" })
    .max(128, { error: "Password is too long" }),
});

export type Credentials = z.infer<typeof credentialsSchema>;

export const CLOSED_SIGN_UP_MESSAGE = "Регистрация только по приглашению";

/** What the login screen's sign-up tab offers: what an invitation link says, and whether anyone may sign up. */
export type SignUpScreen = {
  open: boolean;
  invitation: { token: string; email: string } | { error: string } | null;
};

export const resetMessages = {
  invalidLink: "Ссылка для сброса пароля недействительна, уже использована или устарела. Запросите новую.",
  done: "Пароль изменён",
  doneDescription: "Войдите с новым паролем",
  mailed: "Если такой адрес зарегистрирован, мы отправили на него ссылку для сброса пароля",
} as const;

export const passwordResetSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, { error: resetMessages.invalidLink }),
  password: credentialsSchema.shape.password,
});

export const forgotPasswordSchema = credentialsSchema.pick({ email: true });
