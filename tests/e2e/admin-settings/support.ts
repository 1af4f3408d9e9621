import { expect, type APIRequestContext, type Page } from "@playwright/test";

export { tinyImages as images } from "../../support/images";

export const mimeOf = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;

/** Posts a dashboard form straight to its route action, as an admin's browser would. */
export async function postAction(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  const response = await request.post(path, { headers: { Origin: baseURL }, form });
  return response.status();
}

export async function saveSetting(request: APIRequestContext, baseURL: string, section: string, value: string) {
  expect(await postAction(request, baseURL, "/admin/settings", { intent: "update-setting", section, value })).toBe(200);
}

/** Clears an image value (the site falls back to its default). */
export async function clearImage(request: APIRequestContext, baseURL: string, section: string, page = "global") {
  const response = await request.delete(`/admin/upload?page=${page}&section=${section}`, { headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** The toast sonner shows, by its text. */
export const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
