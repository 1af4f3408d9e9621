import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { adminStorageState } from "../support/accounts";
import { clearImage, images, mimeOf, toast } from "../support/dashboard";

test.use({ storageState: adminStorageState });

const SECTION = "hero_background_image";

test.describe("[ADMIN][UPLOADS]", () => {
  test.afterEach(async ({ request, baseURL }) => {
    await clearImage(request, baseURL!, SECTION);
  });

  for (const [extension, bytes] of Object.entries(images)) {
    test(`a real ${extension.toUpperCase()} is stored and served with its type and nosniff`, async ({ request, baseURL }) => {
      const upload = await request.post(`/admin/upload?section=${SECTION}`, {
        headers: { Origin: baseURL!, "content-type": mimeOf[extension as keyof typeof mimeOf] },
        data: bytes,
      });
      expect(upload.status()).toBe(200);
      const { url } = (await upload.json()) as { url: string };
      expect(url).toMatch(new RegExp(`^/uploads/${SECTION}_\\d+\\.${extension}$`));
      const served = await request.get(url);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe(mimeOf[extension as keyof typeof mimeOf]);
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.from(await served.body()).equals(bytes)).toBe(true);
    });
  }

  test("the widget shows a progress bar while a file uploads, then its preview", async ({ page }) => {
    await page.goto("/admin/settings/images");
    const card = page.getByTestId(`setting-${SECTION}`);
    // A PNG of a few megabytes over a slowed-down upload link, so the bar can be seen moving.
    const big = Buffer.concat([images.png, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await card.locator('input[type="file"]').setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    const bar = card.getByRole("progressbar");
    await expect(bar).toBeVisible();
    await expect(card.getByRole("button", { name: "Загрузка..." })).toBeDisabled();
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(toast(page, "Image uploaded and saved")).toBeVisible({ timeout: 15_000 });
    await expect(bar).toHaveCount(0);
    await expect(card.locator("img")).toHaveAttribute("src", new RegExp(`^/uploads/${SECTION}_\\d+\\.png$`));
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  test("a text file named .png is refused by the server with its message, and the input is cleared", async ({ page }) => {
    await page.goto("/admin/settings/images");
    const card = page.getByTestId(`setting-${SECTION}`);
    const input = card.locator('input[type="file"]');
    await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("this is only text") });
    await expect(toast(page, "Unsupported file format. Please use JPG, PNG, GIF or WebP.")).toBeVisible();
    await expect(toast(page, "Upload error")).toBeVisible();
    await expect(input).toHaveValue("");
    await expect(card.locator("img")).toHaveCount(0);
  });

  test("an SVG is refused in the browser and by the server", async ({ page, request, baseURL }) => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');
    await page.goto("/admin/settings/images");
    const input = page.getByTestId(`setting-${SECTION}`).locator('input[type="file"]');
    await input.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
    await expect(toast(page, "Unsupported file format. Please use JPG, PNG, GIF or WebP.")).toBeVisible();
    await expect(input).toHaveValue("");
    const direct = await request.post(`/admin/upload?section=${SECTION}`, {
      headers: { Origin: baseURL!, "content-type": "image/png" },
      data: svg,
    });
    expect(direct.status()).toBe(415);
    expect((await direct.json()).message).toBe("Unsupported file format. Please use JPG, PNG, GIF or WebP.");
  });

  test("a file over 50 MB is refused in the browser and by the server", async ({ page, context, baseURL }) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "upload-")), "huge.png");
    fs.writeFileSync(file, Buffer.concat([images.png, Buffer.alloc(50 * 1024 * 1024)]));
    try {
      await page.goto("/admin/settings/images");
      const input = page.getByTestId(`setting-${SECTION}`).locator('input[type="file"]');
      await input.setInputFiles(file);
      await expect(toast(page, "The file is too large. The maximum size is 50MB.")).toBeVisible();
      await expect(input).toHaveValue("");
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
    // The server answers 413 as soon as it reads the declared size, before the body arrives.
    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseURL}/admin/upload?section=${SECTION}`, {
        method: "POST",
        headers: { Origin: baseURL!, cookie, "content-length": String(51 * 1024 * 1024), "content-type": "image/png" },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write(images.png);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe("The file is too large. The maximum size is 50MB.");
  });
});
