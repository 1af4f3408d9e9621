import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

const PENDING = "[data-reveal]:not([data-revealed])";
const READY = "data-reveal-ready";

/**
 * Fades sections (`data-reveal`) in as they scroll into view. Nothing is hidden until this
 * runs, so the server HTML shows everything; then only sections below the fold are hidden
 * (app.css, and only without prefers-reduced-motion), each revealed once when it enters.
 *
 * Which sections are on screen is asked of an IntersectionObserver, whose first report comes
 * with the browser's next layout: measuring them here (getBoundingClientRect) forced a layout of
 * the whole page in the middle of hydration, its longest task on a phone. Until that report
 * nothing is hidden, so what is on screen never fades, after a navigation too.
 */
export function useRevealOnScroll() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const root = document.documentElement;
    const sections = [...document.querySelectorAll<HTMLElement>(PENDING)];
    const reveal = (element: Element) => element.setAttribute("data-revealed", "");
    if (typeof IntersectionObserver === "undefined") {
      sections.forEach(reveal);
      return;
    }
    root.removeAttribute(READY);
    const entering = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          reveal(entry.target);
          entering.unobserve(entry.target);
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    let unreported = sections.length;
    const firstReport = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        firstReport.unobserve(entry.target);
        unreported -= 1;
        // On screen, or above it (a restored scroll position): shown as it is.
        if (entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) reveal(entry.target);
        else entering.observe(entry.target);
      }
      if (unreported === 0) root.setAttribute(READY, "");
    });
    sections.forEach((element) => firstReport.observe(element));
    if (sections.length === 0) root.setAttribute(READY, "");
    return () => {
      firstReport.disconnect();
      entering.disconnect();
    };
  }, [pathname]);
}
