import type { Catalogue } from "../shape";

/** The password reset in English. */
export const passwordReset = {
  title: "Reset password",
  newPassword: "New password",
  minimum: (p: { count: number }) => `At least ${p.count} characters`,
  save: "Save password",
  backToLogin: "Back to sign-in",
  forgot: "Forgot your password?",
  email: "Email for the reset link",
  send: "Send the link",
} satisfies Catalogue["passwordReset"];
