import { expect, test } from "../support/fixtures";
import sharp from "sharp";
import { adminStorageState } from "../support/accounts";

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

test.describe("[PERFORMANCE][IMAGES] uploaded images on the public pages", () => {
  test.use({ storageState: adminStorageState });

  test("carry their size and WebP copies; the hero image comes first, the rest lazily", async ({ page, request, baseURL, playwright }) => {
    const headers = { Origin: baseURL!, "content-type": "application/octet-stream" };
    const uploads = [
      { query: "page=home&section=hero_image", bytes: await picture(1600, 800, "#4f46e5") },
      { query: "section=about_image", bytes: await picture(1200, 600, "#0f766e") },
    ];
    try {
      const [hero, about] = await Promise.all(
        uploads.map(async ({ query, bytes }) => {
          const response = await request.post(`/admin/upload?${query}`, { headers, data: bytes });
          expect(response.status()).toBe(200);
          return ((await response.json()) as { url: string }).url;
        }),
      );
      // A visitor's view: no session, so the cached page.
      const visitor = await playwright.request.newContext({ baseURL });
      const html = await (await visitor.get("/")).text();
      await visitor.dispose();
      expect(html).toContain(hero);

      await page.context().clearCookies();
      await page.goto("/");
      const heroImage = page.locator(`img[src="${hero}"]`);
      await expect(heroImage).toHaveAttribute("width", "1600");
      await expect(heroImage).toHaveAttribute("height", "800");
      await expect(heroImage).toHaveAttribute("fetchpriority", "high");
      await expect(heroImage).toHaveAttribute("loading", "eager");
      const heroSet = (await heroImage.getAttribute("srcset"))!;
      expect(heroSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1600w"]);
      await expect(heroImage).toHaveAttribute("sizes", /512px/);

      const aboutImage = page.locator(`img[src="${about}"]`);
      await expect(aboutImage).toHaveAttribute("loading", "lazy");
      await expect(aboutImage).toHaveAttribute("width", "1200");
      await expect(aboutImage).not.toHaveAttribute("fetchpriority", /.*/);

      for (const entry of heroSet.split(", ")) {
        const [url, width] = entry.split(" ");
        const copy = await request.get(url!);
        expect(copy.status()).toBe(200);
        expect(copy.headers()["content-type"]).toBe("image/webp");
        expect(copy.headers()["cache-control"]).toContain("immutable");
        expect((await sharp(await copy.body()).metadata()).width).toBe(Number(width!.replace("w", "")));
      }
      // The browser picked one of the copies for this viewport.
      await heroImage.scrollIntoViewIfNeeded();
      await expect.poll(() => heroImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-w\d+\.webp$/);
    } finally {
      for (const { query } of uploads) {
        expect((await request.delete(`/admin/upload?${query}`, { headers: { Origin: baseURL! } })).status()).toBe(200);
      }
    }
  });
});
