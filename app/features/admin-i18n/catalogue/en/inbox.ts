import { formatNumber, plural } from "../../format";
import type { Catalogue } from "../shape";

/** The contact inbox in English. */
export const inbox = {
  title: "Messages",
  found: (p: { count: number }) => `Found: ${formatNumber("en", p.count)}`,
  total: (p: { count: number }) => `Total: ${formatNumber("en", p.count)}`,
  unreadOnPage: (p: { count: number }) => ` · unread on this page: ${formatNumber("en", p.count)}`,
  mailOff: " · e-mail notifications are off (SMTP_URL is not set)",
  exportCsv: "Export CSV",
  nothingFound: "Nothing found.",
  empty: "No messages yet.",
  shown: (p: { shown: number; total: number }) =>
    `Showing the latest ${formatNumber("en", p.shown)} of ${formatNumber("en", p.total)}; narrow the search or export CSV.`,
  search: "Search messages",
  subject: "Subject",
  allSubjects: "All subjects",
  query: "Search",
  queryPlaceholder: "Name, e-mail or text",
  find: "Search",
  unread: "(unread)",
  notify: {
    pending: "Notification queued",
    sent: "Notification sent",
    failed: "Notification not delivered",
  },
  attempts: (p: { count: number }) =>
    ` (${formatNumber("en", p.count)} ${plural("en", p.count, { one: "attempt", other: "attempts" })})`,
  reply: "Reply",
  markUnread: "Mark as unread",
  markRead: "Mark as read",
  retry: "Send the notification again",
  delete: "Delete",
  deleteTitle: "Delete the message?",
  deleteDescription: (p: { name: string; email: string }) => `The message from ${p.name} (${p.email}) will be deleted permanently.`,
  cancel: "Cancel",
  notFound: "Message not found",
  readFailed: "Could not change the mark",
  deleted: "Message deleted",
  deleteFailed: "Could not delete the message",
  retried: "The notification will be sent again",
  retryFailed: "Could not queue the notification",
  loadFailed: "Could not load the messages",
  invalidId: "Invalid message number",
  invalidValue: "Invalid value",
  unknownAction: "Unknown action",
} satisfies Catalogue["inbox"];
