import { useRootData } from "~/components/root-data";
import { useNonce } from "~/components/nonce";
import { bannerMessages, EXIT_PREVIEW_PATH, PREVIEW_FRAME_SCRIPT } from "~/features/releases/preview/banner";

/**
 * The bar above every page of a preview: which release is applied and the way out. Rendered by
 * the server only in a preview (the root loader hands `preview` only to a preview request), with
 * the one script that repaints the page with values typed in the dashboard's editor.
 */
export function PreviewBanner() {
  const preview = useRootData()?.preview;
  const nonce = useNonce();
  if (!preview) return null;
  return (
    <div
      role="region"
      aria-label={bannerMessages.label}
      data-testid="preview-banner"
      className="relative z-[60] border-b border-amber-300 bg-amber-50 text-amber-950 shadow-sm"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p className="min-w-0">
          <span className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide">
            {bannerMessages.label}
          </span>
          <span className="font-semibold" data-testid="preview-release-name">
            {preview.releaseName ?? bannerMessages.livePreview}
          </span>
          {preview.kind === "reviewer" && <span className="ml-2 text-amber-900">· {bannerMessages.readOnly}</span>}
        </p>
        <a href={EXIT_PREVIEW_PATH} className="font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-800">
          {bannerMessages.exit}
        </a>
      </div>
      <script type="module" src={PREVIEW_FRAME_SCRIPT} nonce={nonce} />
    </div>
  );
}
