import { expect, test, workerPort } from "../support/fixtures";
import sharp from "sharp";
import { startS3Server } from "../../support/s3-server";
import { signUp } from "../support/accounts";
import { startIsolatedServer } from "../support/isolated-server";
import { toast } from "../support/dashboard";

// Its own server, with its uploads in a bucket of an S3-compatible server this spec starts.
const PORT = workerPort(1);
const OWNER = { email: "owner@example.com", password: "owner-password-1" };

test("[ADMIN][UPLOADS] with S3 storage, a dashboard upload goes to the bucket and public pages load it from S3_PUBLIC_URL", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const s3 = await startS3Server();
  // Path-style: the bucket's objects are at <endpoint>/<bucket>/<key>, which is what a CDN in front of it would serve.
  const publicUrl = `${s3.endpoint}/${s3.bucket}`;
  const server = await startIsolatedServer({ port: PORT, env: { ...s3.env, S3_PUBLIC_URL: publicUrl } });
  const context = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
  try {
    await signUp(context.request, server.url, OWNER);
    const page = await context.newPage();
    await page.goto("/admin/settings/branding");
    const card = page.getByTestId("setting-header_logo_url");
    const logo = await sharp({ create: { width: 720, height: 192, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await card.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(toast(page, "Image uploaded and saved")).toBeVisible({ timeout: 15_000 });
    const address = new RegExp(`^${publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/uploads/header_logo_url_\\d+\\.png$`);
    await expect(card.locator("img")).toHaveAttribute("src", address);
    const src = (await card.locator("img").getAttribute("src"))!;
    const fileName = src.split("/").pop()!;

    // The bucket holds it, and the site still answers its own address from the bucket.
    const fromBucket = await context.request.get(src);
    expect([fromBucket.status(), fromBucket.headers()["content-type"]]).toEqual([200, "image/png"]);
    expect(Buffer.from(await fromBucket.body()).equals(logo)).toBe(true);
    const throughSite = await context.request.get(`/uploads/${fileName}`);
    expect([throughSite.status(), throughSite.headers()["cache-control"]]).toEqual([200, "public, max-age=31536000, immutable"]);
    expect((await context.request.get("/uploads/header_logo_url_1.png")).status()).toBe(404);
    expect(await (await context.request.get("/readyz")).json()).toMatchObject({ status: "ready", storage: "ok" });

    // A public page: the logo, its srcset of WebP copies and its size, all from the bucket, allowed by the CSP.
    const visitor = await browser.newContext({ baseURL: server.url, storageState: { cookies: [], origins: [] } });
    const publicPage = await visitor.newPage();
    const refused: string[] = [];
    publicPage.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const response = await publicPage.goto("/home");
    expect(response?.headers()["content-security-policy"]).toContain(`img-src 'self' data: blob: https: ${s3.endpoint}`);
    const headerLogo = publicPage.locator("header img").first();
    await expect(headerLogo).toHaveAttribute("src", address);
    expect(await headerLogo.getAttribute("srcset")).toMatch(
      new RegExp(`^${publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/uploads/header_logo_url_\\d+-w320\\.webp 320w, `),
    );
    expect(await headerLogo.getAttribute("width")).toBe("720");
    await expect.poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    await visitor.close();
  } finally {
    await server.stop();
    await s3.stop();
    await context.close().catch(() => {});
  }
});
