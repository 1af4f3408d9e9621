// Starts the router's module once the browser has reported the first contentful paint (bundled
// and minified into MODULE_STARTER by scripts/support/head-scripts.js). A paint timing entry
// arrives once the frame has been presented: a frame callback alone fired before the paint
// reached the screen on a busy machine. Every module the page needs is preloaded at that moment,
// all at once (the hrefs of the preloads React Router wrote, kept on the data block), so that the
// browser fetches the module graph in one round trip instead of discovering it import by import.
// The module gets the data block's text, which the page's CSP lists by hash as it lists every
// inline script. A browser without paint timing starts it after the next frame; a page that
// paints nothing (a background tab) after 1.5 s. Runs as a classic script: its names stay inside
// the function.
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOADS_ATTRIBUTE } from "./deferred-markers";

(function () {
  let started = false;
  function start() {
    if (started) return;
    started = true;
    const block = document.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    if (!block) return;
    (block.getAttribute(DEFERRED_PRELOADS_ATTRIBUTE) || "").split(" ").forEach((href) => {
      if (!href) return;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    const module = document.createElement("script");
    module.type = "module";
    module.textContent = block.textContent;
    document.body.appendChild(module);
  }
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 1500);
})();
