import { currentPreview } from "~/features/records/preview-context.server";
import type { PreviewBanner } from "./banner";

/** The banner of the request's preview, or null for every ordinary request. */
export function previewBanner(): PreviewBanner | null {
  const preview = currentPreview();
  if (!preview) return null;
  return { releaseName: preview.release?.name ?? null, kind: preview.kind };
}
