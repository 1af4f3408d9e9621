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
  return request.post(path, {
    headers: { Origin: baseURL },
    form: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
  });
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

/** Posts a dashboard form and answers its status. */
export async function postAction(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  return (await postForm(request, baseURL, path, form)).status();
}

export async function saveSetting(request: APIRequestContext, baseURL: string, section: string, value: string) {
  expect(await postAction(request, baseURL, "/admin/settings", { intent: "update-setting", section, value })).toBe(200);
}

/** Clears an image value (the site falls back to its default). */
export async function clearImage(request: APIRequestContext, baseURL: string, section: string, page = "global") {
  const response = await request.delete(`/admin/upload?page=${page}&section=${section}`, { headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** The toast sonner shows, by its text (expectToast checks its title, description and style). */
export const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

export const mimeOf = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;

export { tinyImages as images } from "../../support/images";
export { startFakeSmtp } from "../../support/fake-smtp";
