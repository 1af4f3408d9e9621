/** The writes of the inbox, as its forms post them in `intent`. */
export const messageIntents = {
  setRead: "set-message-read",
  delete: "delete-message",
  retry: "retry-notification",
} as const;

export const MESSAGES_ACTION = "/admin/other/messages";
export const MESSAGES_CSV = "/admin/messages.csv";
