/**
 * The contact form's answer in a release's preview, under its message field: the fields are
 * checked as on the site, and nothing is sent (a preview has no side effect). Not with the
 * banner's texts (banner.ts), which are in every public page's JavaScript: this one is only in
 * the server's answer.
 */
export const PREVIEW_FORM_NOT_SENT = "Это предпросмотр: сообщение не отправлено. Из предпросмотра сообщения не отправляются.";
