// What the login screen and its action share: the five things its forms ask for, and the answer.

export type LoginIntent = "login" | "signup" | "reset" | "forgot" | "sign-in-code";

/** What the /admin action answers when it does not redirect to the dashboard. */
export type LoginActionData =
  | { intent: LoginIntent; ok: false; message: string; unexpected: boolean; restart?: boolean }
  | { intent: LoginIntent; ok: true; needsConfirmation: boolean; needsCode?: boolean };

const intents: readonly LoginIntent[] = ["login", "signup", "reset", "forgot", "sign-in-code"];

/** The form's intent; anything else is a sign-in. */
export const intentOf = (value: unknown): LoginIntent => intents.find((intent) => intent === value) ?? "login";
