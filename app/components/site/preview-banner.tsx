import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useRootData } from "~/components/root-data";
import { bannerMessages, PREVIEW_FRAME_SCRIPT, PREVIEW_REVALIDATE_EVENT } from "~/features/releases/preview/banner";

/**
 * The bar above every page of a preview: which release is applied and the way out. Rendered only
 * in a preview (the root loader hands `preview` only to a preview request). A preview is hydrated
 * like the site; framed beside an editor, it follows the values typed there (useLivePreviewFrame).
 */
export function PreviewBanner() {
  const preview = useRootData()?.preview;
  useLivePreviewFrame(preview?.kind === "admin");
  if (!preview) return null;
  return (
    <div
      role="region"
      aria-label={bannerMessages.label}
      data-testid="preview-banner"
      className="relative z-[60] border-b border-amber-300 bg-amber-50 text-amber-950 shadow-sm"
      dangerouslySetInnerHTML={{ __html: preview.html }}
    />
  );
}

/**
 * In an administrator's preview framed by the dashboard: loads the frame's script (never for a
 * visitor), which sends the values typed in the editor with the page's data requests and asks,
 * with an event, for a revalidation whose promise it is handed.
 */
function useLivePreviewFrame(enabled: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    const onRevalidate = (event: Event) => (event as CustomEvent<(revalidated: Promise<void>) => void>).detail(revalidate());
    window.addEventListener(PREVIEW_REVALIDATE_EVENT, onRevalidate);
    // A module runs once per document, however often it is added.
    const script = document.createElement("script");
    script.type = "module";
    script.src = PREVIEW_FRAME_SCRIPT;
    document.body.append(script);
    return () => window.removeEventListener(PREVIEW_REVALIDATE_EVENT, onRevalidate);
  }, [enabled, revalidate]);
}
