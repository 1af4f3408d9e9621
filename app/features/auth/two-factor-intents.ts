/** The writes of two-factor sign-in, posted as `intent`. */
export const twoFactorIntents = {
  start: "start-two-factor",
  confirm: "confirm-two-factor",
  disable: "disable-two-factor",
  regenerate: "regenerate-backup-codes",
} as const;
