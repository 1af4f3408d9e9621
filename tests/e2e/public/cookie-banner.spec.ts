import { expect, test, type Page } from "../support/fixtures";
import { holdScripts } from "../support/held-scripts";

const banner = (page: Page) => page.getByRole("region", { name: "We use cookies" });
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookieConsent"));
const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);

test.describe("[PUBLIC][COOKIES]", () => {
  test("a first visit shows the banner with its text and a link to /privacy", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("enhance your browsing experience");
    await expect(banner(page)).toContainText("personalized content");
    await expect(banner(page)).toContainText("analyze our traffic");
    await expect(banner(page)).toContainText('By clicking "Accept All", you consent');
    await expect(banner(page).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(await stored(page)).toBeNull();
  });

  test("Accept All stores 'accepted' and the banner stays away after a reload", async ({ page }) => {
    await page.goto("/features");
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBe("accepted");
    await page.reload();
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
    await page.goto("/fees");
    await expect(banner(page)).toBeHidden();
  });

  test("Decline stores 'declined' and the banner stays away after a reload", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBe("declined");
    await page.reload();
    await expect(banner(page)).toBeHidden();
  });

  test("the close icon hides the banner without storing anything, so it returns on the next load", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBeNull();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test("a visitor who chose never sees it, not even before the page's scripts run", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookieConsent", "accepted"));
    // Without the page's JavaScript only the server HTML, its stylesheet and the head script act.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.locator("[data-cookie-banner]")).toBeAttached();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.cookieConsent)).toBe("accepted");
  });

  test("before the scripts run, a new visitor already sees the banner", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
  });

  for (const [name, value] of [
    ["Accept All", "accepted"],
    ["Decline", "declined"],
  ] as const) {
    test(`${name} works before the page's scripts have arrived, and the page hydrates with the choice`, async ({ page }) => {
      const release = await holdScripts(page);
      const chosen: string[] = [];
      await page.exposeFunction("recordChoice", (detail: string) => chosen.push(detail));
      await page.addInitScript(() => window.addEventListener("cookie-consent-change", (event) => (window as unknown as { recordChoice(d: string): void }).recordChoice((event as CustomEvent<string>).detail)));
      await page.goto("/", { waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
      await banner(page).getByRole("button", { name }).click();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toBe(value);
      release();
      await hydrated(page);
      await expect(banner(page)).toHaveCount(0);
      // One choice, one event: React did not handle the click a second time.
      expect(chosen).toEqual([value]);
      await page.reload();
      await expect(banner(page)).toBeHidden();
    });
  }

  test("the close icon works before the page's scripts have arrived and stores nothing", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBeNull();
    release();
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test("after hydration a click is React's alone: one choice, one event", async ({ page }) => {
    const chosen: string[] = [];
    await page.exposeFunction("recordChoice", (detail: string) => chosen.push(detail));
    await page.addInitScript(() => window.addEventListener("cookie-consent-change", (event) => (window as unknown as { recordChoice(d: string): void }).recordChoice((event as CustomEvent<string>).detail)));
    await page.goto("/");
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(chosen).toEqual(["declined"]);
    expect(await page.evaluate(() => document.documentElement.dataset.cookieConsent)).toBeUndefined();
  });

  test("the banner's buttons work from the keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await banner(page).getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBe("accepted");
  });
});
