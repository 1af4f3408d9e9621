import type { Page } from "@playwright/test";

/**
 * Holds the page's scripts back until the returned function is called: the moments between a
 * cached page's first paint and its hydration, when a visitor can already click
 * (docs/decisions/0012-first-paint.md).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
