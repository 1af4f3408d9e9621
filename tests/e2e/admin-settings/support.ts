import { expect, type APIRequestContext, type Page } from "@playwright/test";

// Smallest valid files of each accepted kind, made here so no fixture files are needed.
export const images = {
  png: Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  ),
  jpg: Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex"),
  gif: Buffer.from("474946383961010001000000002c00000000010001000002", "hex"),
  webp: Buffer.concat([
    Buffer.from("RIFF"), Buffer.from([26, 0, 0, 0]), Buffer.from("WEBPVP8L"),
    Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
  ]),
};

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
