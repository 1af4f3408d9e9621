/** Keeps the mailto: address within what mail programs accept (about 2,000 characters). */
const QUOTE_LIMIT = 1200;

/**
 * A reply by e-mail: the visitor's address, "Re: " and the subject, and their message quoted
 * below an empty first line for the answer.
 */
export function replyHref(message: { email: string; subject: string; name: string; message: string; createdAt: string | Date }) {
  const sent = new Date(message.createdAt).toISOString().slice(0, 16).replace("T", " ");
  const text = message.message.length > QUOTE_LIMIT ? `${message.message.slice(0, QUOTE_LIMIT)}…` : message.message;
  const quote = text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `\n\n${sent} UTC, ${message.name} <${message.email}>:\n${quote}`;
  const query = `subject=${encodeURIComponent(`Re: ${message.subject}`)}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?${query}`;
}
