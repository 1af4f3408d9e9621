// The live preview's repainting, loaded by preview pages only (the banner's script; never on an
// ordinary page). The dashboard's editor posts the values typed and not yet saved to this frame
// (same origin only); the page is rendered again by the server with them and the release applied,
// and swapped in place, keeping the scroll position. Each repaint is reported back with its number
// so the editor (and bench/live-preview.md) can tell when the frame shows a keystroke.
const READY = "release-preview:ready";
const VALUES = "release-preview:values";
const PAINTED = "release-preview:painted";

let latest = 0;

function tell(message) {
  if (window.parent !== window) window.parent.postMessage(message, location.origin);
}

async function repaint(values, seq) {
  latest = seq;
  const response = await fetch(location.pathname + location.search, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", "x-release-preview": "draft" },
    body: JSON.stringify({ values }),
  });
  if (!response.ok || seq !== latest) return;
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  if (seq !== latest) return;
  const scrollY = window.scrollY;
  document.body.replaceChildren(...[...next.body.childNodes].filter((node) => node.nodeName !== "SCRIPT"));
  const styles = document.head.querySelectorAll("style");
  const nextStyles = next.head.querySelectorAll("style");
  if (styles.length === nextStyles.length) styles.forEach((style, index) => (style.textContent = nextStyles[index].textContent));
  document.title = next.title;
  window.scrollTo(0, scrollY);
  requestAnimationFrame(() => setTimeout(() => tell({ type: PAINTED, seq }), 0));
}

window.addEventListener("message", (event) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const data = event.data;
  if (!data || data.type !== VALUES || typeof data.values !== "object" || typeof data.seq !== "number") return;
  repaint(data.values, data.seq).catch(() => tell({ type: PAINTED, seq: data.seq, failed: true }));
});

tell({ type: READY, path: location.pathname });
