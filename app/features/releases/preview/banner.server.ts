import { currentPreview } from "~/features/records/preview-context.server";
import { escapeHtml } from "~/platform/escape-html";
import { bannerMessages, EXIT_PREVIEW_PATH, type PreviewBanner } from "./banner";

/** The banner of the request's preview, or null for every ordinary request. */
export function previewBanner(): PreviewBanner | null {
  const preview = currentPreview();
  if (!preview) return null;
  return { kind: preview.kind, html: bannerHtml(preview.release?.name ?? null, preview.kind) };
}

/**
 * The bar's content (which release is applied and the way out) as HTML written here, the release's
 * name escaped: its markup and texts are an administrator's, so no visitor's page carries them.
 */
export function bannerHtml(releaseName: string | null, kind: PreviewBanner["kind"]): string {
  const name = escapeHtml(releaseName ?? bannerMessages.livePreview);
  const readOnly = kind === "reviewer" ? `<span class="ml-2 text-amber-900">· ${bannerMessages.readOnly}</span>` : "";
  return (
    `<div class="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">` +
    `<p class="min-w-0"><span class="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide">${bannerMessages.label}</span>` +
    `<span class="font-semibold" data-testid="preview-release-name">${name}</span>${readOnly}</p>` +
    `<a href="${EXIT_PREVIEW_PATH}" class="font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-800">${bannerMessages.exit}</a></div>`
  );
}
