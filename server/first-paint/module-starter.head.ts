// Starts the router's module once the browser has reported the first contentful paint (bundled
// and minified into MODULE_STARTER by scripts/support/head-scripts.js). A paint timing entry
// arrives once the frame has been presented: a frame callback alone fired before the paint
// reached the screen on a busy machine. Every module the page needs is preloaded at that moment,
// a few per task (the hrefs of the preloads React Router wrote, kept on the data block), so that
// the browser fetches the module graph in one round trip instead of discovering it import by import.
// The module gets the data block's text, which the page's CSP lists by hash as it lists every
// inline script. Before it, the other modules are evaluated one at a time, a task each
// (DEFERRED_EVALUATE_ATTRIBUTE): as one module graph they were one long task on a phone, during
// which the page could not answer a tap. A browser without paint timing starts it after the next
// frame; a page that paints nothing (a background tab) after 1.5 s. Runs as a classic script: its
// names stay inside the function.
import { DEFERRED_EVALUATE_ATTRIBUTE, DEFERRED_MODULE_TYPE, DEFERRED_PRELOADS_ATTRIBUTE } from "./deferred-markers";

(function () {
  let started = false;
  function start() {
    if (started) return;
    started = true;
    const block = document.querySelector(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    if (!block) return;
    // Two preloads a task: starting a request costs the main thread up to ten milliseconds on a phone,
    // and all of them in one task made it a long one.
    const preloads = (block.getAttribute(DEFERRED_PRELOADS_ATTRIBUTE) || "").split(" ").filter(Boolean);
    const preload = () => {
      preloads.splice(0, 2).forEach((href) => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.appendChild(link);
      });
      setTimeout(preloads.length > 0 ? preload : next, 0);
    };
    const queue = (block.getAttribute(DEFERRED_EVALUATE_ATTRIBUTE) || "").split(" ").filter(Boolean);
    const next = () => {
      const href = queue.shift();
      const script = document.createElement("script");
      script.type = "module";
      if (href) {
        // A module script's load event comes once it has run; a failed one does not stop the rest
        // (the router's module then fails as it would have).
        script.src = href;
        script.onload = script.onerror = () => setTimeout(next, 0);
        document.head.appendChild(script);
      } else {
        script.textContent = block.textContent;
        document.body.appendChild(script);
      }
    };
    preload();
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
