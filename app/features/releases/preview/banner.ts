/**
 * The preview banner's contract, kept apart from the schemas (no Zod): the public layout renders
 * the banner, so whatever it imports is in every public page's JavaScript. Its content is HTML the
 * server writes (banner.server.ts), so a visitor's pages carry neither its markup nor its texts.
 */
export interface PreviewBanner {
  kind: "admin" | "reviewer";
  html: string;
}

export const EXIT_PREVIEW_PATH = "/preview/exit";
/**
 * The static script of a preview framed beside an editor (public/preview-frame.js): it sends the
 * typed values with the page's data requests and asks the banner for a revalidation with this event.
 */
export const PREVIEW_FRAME_SCRIPT = "/preview-frame.js";
export const PREVIEW_REVALIDATE_EVENT = "release-preview:revalidate";

export const bannerMessages = {
  label: "Предпросмотр",
  exit: "Выйти из предпросмотра",
  livePreview: "Несохранённые изменения",
  readOnly: "только просмотр",
} as const;
