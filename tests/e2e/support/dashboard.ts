import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * A dashboard toast with its title and, when given, its description. Failures must carry
 * the destructive style; successes must not.
 */
export async function expectToast(page: Page, title: string, options: { description?: string; failure?: boolean } = {}) {
  const toast = page.locator("[data-sonner-toast]").filter({ has: page.locator("[data-title]", { hasText: title }) });
  await expect(toast.first()).toBeVisible();
  if (options.description !== undefined) {
    await expect(toast.first().locator("[data-description]")).toHaveText(options.description);
  }
  if (options.failure) {
    await expect(toast.first()).toHaveAttribute("data-type", "error");
    await expect(toast.first()).toHaveClass(/destructive/);
  } else if (options.failure === false) {
    await expect(toast.first()).toHaveAttribute("data-type", "success");
  }
  return toast.first();
}

/** Posts a dashboard form the way a browser without script would, from this site's origin. */
export function postForm(request: APIRequestContext, baseURL: string, path: string, fields: Record<string, string | number>) {
  return request.post(path, { headers: { Origin: baseURL }, form: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])) });
}

/** Signs in through the login screen's form. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти" }).click();
}

/**
 * Holds every write (POST) to a path until released, so a busy state can be looked at;
 * once released, requests pass straight through.
 */
export async function holdWrites(page: Page, pattern: string | RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return release;
}

/** Makes every write (POST) to a path fail on the way, as a lost connection would. */
export function failWrites(page: Page, pattern: string | RegExp) {
  return page.route(pattern, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
}

export { startFakeSmtp } from "../../support/fake-smtp";
