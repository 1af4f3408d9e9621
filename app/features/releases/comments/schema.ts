// The release comments' forms and messages. The route and the feature both check a comment with
// these schemas: its text is plain text (no markup is ever rendered from it), at most
// COMMENT_MAX_LENGTH characters once trimmed, without control or direction-changing characters.
import { z } from "zod";
import { ru } from "~/features/admin-i18n/catalogue/ru";
import { splitKey } from "~/platform/record-key";

/** What the comments tell the dashboard: the Russian catalogue's texts (the dashboard shows them in its language). */
export const commentMessages = {
  bodyRequired: ru.releaseComments.bodyRequired,
  bodyTooLong: ru.releaseComments.bodyTooLong,
  sendBackRequired: ru.releaseComments.sendBackRequired,
  changeNotStaged: ru.releaseComments.changeNotStaged,
  threadNotFound: ru.releaseComments.threadNotFound,
  notOpen: ru.releaseComments.notOpen,
  invalid: ru.releaseComments.invalid,
  failed: ru.releaseComments.failed,
} as const;

export const COMMENT_MAX_LENGTH = 2000;

// C0 controls but tab and line feed, DEL, C1 controls, zero-width and bidirectional marks and overrides.
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A comment's text as stored: line breaks as `\n`, unwanted characters dropped, trimmed. */
export const cleanCommentText = (text: string) => text.replace(/\r\n?/g, "\n").replace(UNWANTED, "").trim();

/** A comment's text; `required` is the message when it is empty (send back says what it needs). */
export const commentText = (required: string = commentMessages.bodyRequired) =>
  z
    .string({ error: required })
    // Refused before cleaning, so a huge body costs no work.
    .max(COMMENT_MAX_LENGTH * 4, commentMessages.bodyTooLong)
    .transform(cleanCommentText)
    .pipe(z.string().min(1, required).max(COMMENT_MAX_LENGTH, commentMessages.bodyTooLong));

/** The staged change a thread is about, by its record key; absent or empty: the release's own thread. */
export const changeKeyField = z
  .string({ error: commentMessages.invalid })
  .max(300, commentMessages.invalid)
  .optional()
  .transform((key) => (key ? key : null))
  .refine((key) => key === null || splitKey(key) !== undefined, commentMessages.invalid);

export const commentInputSchema = z.object({ changeKey: changeKeyField, comment: commentText() });
export type CommentInput = z.input<typeof commentInputSchema>;
