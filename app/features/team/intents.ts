/** The writes of the 'Администраторы' section, posted as `intent`. */
export const teamIntents = {
  grant: "grant-admin",
  setRole: "set-role",
  revoke: "revoke-admin",
  delete: "delete-account",
  endSessions: "end-sessions",
  invite: "create-invitation",
  withdraw: "withdraw-invitation",
  signUpMode: "set-sign-up-mode",
  changePassword: "change-password",
  endOwnSession: "end-own-session",
  twoFactorRequired: "set-two-factor-required",
} as const;
