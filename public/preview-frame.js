// The live preview's side inside the dashboard's frame. Loaded by the preview banner
// (useLivePreviewFrame, app/components/site/preview-banner.tsx) only in an administrator's preview
// that the dashboard frames: never on an ordinary page, never in a public page's bundle. The
// editor posts the values typed and not saved yet (same origin only); the page asks the server
// for its data again with them, as React Router revalidates, so the hydrated page re-renders
// itself with its scripts still running (nothing of the DOM is swapped). Each repaint is reported
// back with its number, so the editor (and bench/release-preview.md) can tell when the frame
// shows a keystroke. The names are those of app/features/releases/preview/banner.ts.
const READY = "release-preview:ready";
const VALUES = "release-preview:values";
const PAINTED = "release-preview:painted";
/** Asked of the banner's hook: `detail` is handed the revalidation's promise. */
const REVALIDATE = "release-preview:revalidate";
const DRAFT_HEADER = "x-release-preview";

/**
 * The request that sends a page's data request (React Router's GET of `<path>.data`) with the
 * typed values: a POST of them as JSON with the draft header, which the server answers as that
 * GET with the values applied (server/http/preview.ts). Undefined for every other request.
 * @param {RequestInfo | URL} input
 * @param {RequestInit | undefined} init
 * @param {Record<string, string>} values
 * @param {string} origin
 * @returns {[URL, RequestInit] | undefined}
 */
export function draftRequest(input, init, values, origin) {
  if (typeof input !== "string" && !(input instanceof URL)) return undefined;
  const url = new URL(input, origin);
  const method = (init?.method ?? "GET").toUpperCase();
  if (url.origin !== origin || !url.pathname.endsWith(".data") || method !== "GET") return undefined;
  const headers = { ...Object.fromEntries(new Headers(init?.headers)), "content-type": "application/json", [DRAFT_HEADER]: "draft" };
  return [url, { ...init, method: "POST", headers, body: JSON.stringify({ values }) }];
}

function connect() {
  const origin = window.location.origin;
  const tell = (message) => window.parent.postMessage(message, origin);
  /** @type {Record<string, string> | undefined} */
  let values;
  let latest = 0;

  // Every data request of the page carries the typed values once there are some: a revalidation,
  // and a click to another page in the frame.
  const ownFetch = window.fetch;
  window.fetch = (input, init) => {
    const draft = values && draftRequest(input, init, values, origin);
    return draft ? ownFetch.call(window, ...draft) : ownFetch.call(window, input, init);
  };

  function repaint(seq) {
    latest = seq;
    const done = (ok) => {
      // A later keystroke's revalidation replaced this one: it reports for both.
      if (seq !== latest) return;
      if (!ok) return tell({ type: PAINTED, seq, failed: true });
      requestAnimationFrame(() => setTimeout(() => tell({ type: PAINTED, seq }), 0));
    };
    /** @param {Promise<void>} revalidated */
    const detail = (revalidated) => revalidated.then(() => done(true), () => done(false));
    window.dispatchEvent(new CustomEvent(REVALIDATE, { detail }));
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    const data = event.data;
    if (!data || data.type !== VALUES || typeof data.values !== "object" || !data.values || typeof data.seq !== "number") return;
    values = data.values;
    repaint(data.seq);
  });
  tell({ type: READY, path: window.location.pathname });
}

if (typeof window !== "undefined" && window.parent !== window) connect();
