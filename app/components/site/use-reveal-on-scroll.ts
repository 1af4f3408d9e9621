import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

const PENDING = "[data-reveal]:not([data-revealed])";

/**
 * Fades sections (`data-reveal`) in as they scroll into view. Nothing is hidden until this
 * runs, so the server HTML shows everything; then only sections below the fold are hidden
 * (app.css, and only without prefers-reduced-motion), each revealed once when it enters.
 */
export function useRevealOnScroll() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const sections = [...document.querySelectorAll<HTMLElement>(PENDING)];
    const reveal = (element: Element) => element.setAttribute("data-revealed", "");
    if (typeof IntersectionObserver === "undefined") {
      sections.forEach(reveal);
      return;
    }
    // Measured before the first paint: what is already on screen never fades.
    const below = sections.filter((element) => {
      if (element.getBoundingClientRect().top < window.innerHeight) {
        reveal(element);
        return false;
      }
      return true;
    });
    document.documentElement.setAttribute("data-reveal-ready", "");
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          reveal(entry.target);
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    below.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [pathname]);
}
