import type { Catalogue } from "../shape";

/** The /admin login screen in English. */
export const login = {
  title: "Administrator dashboard",
  intro: "Sign in to manage the site's content.",
  signedInAs: (p: { email: string }) => `You are signed in as ${p.email}, but this account has no administrator rights.`,
  signIn: { label: "Sign in", submit: "Sign in", busy: "Signing in..." },
  signUp: { label: "Sign up", submit: "Sign up", busy: "Signing up..." },
  email: "Email",
  password: "Password",
  minimum: (p: { count: number }) => `At least ${p.count} characters`,
  invited: "You were invited as an administrator: the dashboard opens after you sign up.",
  firstIsAdmin: "The first user to sign up becomes an administrator automatically.",
  closed: "Sign-up by invitation only",
  closedHint: "Accounts are created by invitation: ask the site's administrator to send you an invitation link.",
  signedUp: "Signed up",
  confirmMail: "Check your mail to confirm the account",
  signedUpIn: "Account created; you are signed in",
  error: "Error",
  unexpected: "An unexpected error occurred",
  failures: {
    login: "Sign-in failed",
    signup: "Sign-up failed",
    reset: "Could not change the password",
    forgot: "Could not send the link",
    "sign-in-code": "Sign-in failed",
  },
} satisfies Catalogue["login"];
