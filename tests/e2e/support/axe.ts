import { expect, type Page } from "@playwright/test";
import axe from "axe-core";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA and axe's best practices) and fails
 * with one readable line per violation and element.
 */
export async function expectNoAxeViolations(page: Page, state: string) {
  await revealSections(page);
  await settleToasts(page);
  const results = await analyze(page);
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "?"}) at ${node.target.join(" ")}: ${violation.help} — ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect(violations, `accessibility violations on ${state}`).toEqual([]);
}

/**
 * Scrolls through the page so every section has faded in, as a reader would see it: axe would
 * otherwise measure the contrast of text half-way through its fade.
 */
async function revealSections(page: Page) {
  // Sections the browser renders only near the screen (content-visibility: auto) are rendered
  // for the audit, as each is for the reader who scrolls to it: skipped, they are neither painted
  // for axe's contrast checks nor do their fades run. Every style is read before any is written,
  // so the document's styles are computed once, not once per element.
  await page.evaluate(() => {
    const skipped = [...document.querySelectorAll<HTMLElement>("main *")].filter(
      (element) => getComputedStyle(element).contentVisibility === "auto",
    );
    for (const element of skipped) element.style.contentVisibility = "visible";
  });
  // Only sections that fade in as they are scrolled to need the scroll (the public pages'; the
  // dashboard has none, and some of its screens are many thousand pixels tall).
  if ((await page.locator("[data-reveal]").count()) === 0) return;
  // The sections below the fold are hidden and watched once the page has hydrated (the hook then
  // marks <html>): a scroll made before that, on a busy machine, would reveal nothing.
  await expect(page.locator("html[data-reveal-ready]")).toHaveCount(1);
  await page.evaluate(async () => {
    const start = window.scrollY;
    // Two frames: the reveal's observer has seen the new scroll position and run.
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; top < document.documentElement.scrollHeight; top += 300) {
      window.scrollTo(0, top);
      await frame();
    }
    window.scrollTo(0, start);
  });
  await expect(page.locator("[data-reveal]:not([data-revealed])")).toHaveCount(0);
  // Every section's fade (0.7 s, app.css) has run to its end. Only the sections' own animations
  // are waited for: others on the page (toasts, spinners) have nothing to do with the contrast.
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll("[data-reveal]")]
        .flatMap((element) => element.getAnimations())
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * A toast that is still sliding and fading in has the contrast of its half-way opacity: axe
 * measures each toast once its own entry transition has ended, as a reader sees it.
 */
async function settleToasts(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      (toast) =>
        toast.getAttribute("data-mounted") === "true" &&
        toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== "running"),
    ),
  );
}

/**
 * axe-core's own run in the page, each frame with axe in it, so the top frame's run takes in the
 * same-origin frames (axe's default). axe is put into a document once and stays for every state
 * checked in it. @axe-core/playwright's AxeBuilder injected axe's 500 kB into every frame on each
 * call and finished every run in a new blank page, four seconds a check on the busy two-core
 * machine where the run itself takes half a second: the same rules on the same document, the same
 * results, for a fraction of the time. Only the violations are processed in full (axe's
 * `resultTypes`): axe otherwise builds a selector for every element of every passing rule and
 * sends them all back, a tenth of the accessibility specs' CPU (100 against 89 CPU-seconds for
 * tests/e2e/a11y, bench/test-loop.md); a11y/axe-check.spec.ts shows every violation still named.
 */
async function analyze(page: Page): Promise<axe.AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === "undefined")) await frame.evaluate(axe.source);
    } catch {
      // A frame that cannot be scripted (a browser error page, one going away): axe reports what
      // it could not check as incomplete, as it always did.
    }
  }
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values },
        resultTypes: ["violations"],
      }) as Promise<axe.AxeResults>,
    tags,
  );
}
