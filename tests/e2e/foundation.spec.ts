import { expect, test, workerPort } from "./support/fixtures";
import { spawnSync } from "node:child_process";
import http from "node:http";
import { publicPagePaths } from "../../app/features/seo/public-pages.js";
import { ADMIN, adminStorageState, signIn } from "./support/accounts";
import { startIsolatedServer } from "./support/isolated-server";
import { tinyImages } from "../support/images";

const publicRoutes = publicPagePaths;

test.describe("[FOUNDATION][ROUTES]", () => {
  for (const route of publicRoutes) {
    test(`${route} answers 200 with server-rendered content`, async ({ request }) => {
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain("<main");
      expect(html).not.toContain("Loading...");
    });
  }

  test("/admin answers 200 with the login screen for a visitor", async ({ page }) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
  });

  test("an unknown path answers 404 with a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("/readyz answers ready, and /metrics is off without METRICS_TOKEN", async ({ request }) => {
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok", storage: "ok" });
    const metrics = await request.get("/metrics");
    expect(metrics.status()).toBe(404);
    expect(await metrics.text()).not.toContain("http_requests_total");
  });

  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("pages rendered per request carry an enforced CSP with a fresh nonce", async ({ request }) => {
    // Public pages come from the page cache with script hashes (page-cache.spec.ts); /admin is rendered per request.
    const first = (await request.get("/admin")).headers()["content-security-policy"];
    const second = (await request.get("/admin")).headers()["content-security-policy"];
    expect(first).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(first).not.toEqual(second);
  });
});

test.describe("[FOUNDATION][AUTH] on a fresh database", () => {
  test("the first sign-up reaches the dashboard shell, the second does not", async ({ browser }) => {
    const server = await startIsolatedServer({ port: workerPort(1) });
    try {
      const first = await browser.newPage({ baseURL: server.url });
      await first.goto("/admin");
      await first.getByRole("tab", { name: "Регистрация" }).click();
      await first.getByLabel("Email").fill("first@example.com");
      await first.getByLabel("Пароль").fill("first-password");
      await first.getByRole("button", { name: "Зарегистрироваться" }).click();
      await expect(first.getByRole("heading", { name: "Панель управления" })).toBeVisible();
      await expect(first.getByRole("link", { name: "Меню" })).toBeVisible();

      const second = await browser.newPage({ baseURL: server.url });
      await second.goto("/admin");
      await second.getByRole("tab", { name: "Регистрация" }).click();
      await second.getByLabel("Email").fill("second@example.com");
      await second.getByLabel("Пароль").fill("second-password");
      await second.getByRole("button", { name: "Зарегистрироваться" }).click();
      await expect(second.getByText("нет прав администратора")).toBeVisible();
      await expect(second.getByRole("heading", { name: "Панель управления" })).toHaveCount(0);
      const tab = await second.request.get("/admin/menu");
      expect(tab.status()).toBe(403);
    } finally {
      await server.stop();
    }
  });

  test("restarting with the same DATA_DIR keeps accounts and data", async ({ playwright }) => {
    // A first start that makes the database itself (the other servers start on a copy of one).
    let server = await startIsolatedServer({ port: workerPort(2), firstStart: true });
    const dataDir = server.dataDir;
    const api = await playwright.request.newContext();
    try {
      const signUp = await api.post(`${server.url}/api/auth/sign-up/email`, {
        headers: { Origin: server.url },
        data: { ...ADMIN, name: "admin" },
      });
      expect(signUp.ok()).toBeTruthy();
      expect(await server.stop({ keepData: true })).toBe(0);

      server = await startIsolatedServer({ port: workerPort(2), dataDir });
      const fresh = await playwright.request.newContext();
      await signIn(fresh, server.url, ADMIN);
      const dashboard = await fresh.get(`${server.url}/admin/other`);
      expect(dashboard.status()).toBe(200);
      await fresh.dispose();
    } finally {
      await api.dispose();
      await server.stop();
    }
  });

  test("a second process on the same DATA_DIR stops with a clear message", async () => {
    const server = await startIsolatedServer({ port: workerPort(3) });
    try {
      await expect(startIsolatedServer({ port: workerPort(4), dataDir: server.dataDir })).rejects.toThrow(/already in use by process/);
    } finally {
      await server.stop();
    }
  });
});

test.describe("[FOUNDATION][CONFIG]", () => {
  test("without PUBLIC_URL, sign-up and sign-in work at localhost and at 127.0.0.1", async ({ playwright }) => {
    const server = await startIsolatedServer({ port: workerPort(5) });
    const viaLocalhost = await playwright.request.newContext();
    const viaLoopback = await playwright.request.newContext();
    try {
      const localhost = `http://localhost:${workerPort(5)}`;
      const signUp = await viaLocalhost.post(`${localhost}/api/auth/sign-up/email`, {
        headers: { Origin: localhost },
        data: { ...ADMIN, name: "admin" },
      });
      expect(signUp.status()).toBe(200);
      expect((await viaLocalhost.get(`${localhost}/admin/other`)).status()).toBe(200);
      await signIn(viaLoopback, server.url, ADMIN);
      expect((await viaLoopback.get(`${server.url}/admin/other`)).status()).toBe(200);
    } finally {
      await viaLocalhost.dispose();
      await viaLoopback.dispose();
      await server.stop();
    }
  });

  test("a bad variable stops the start with its name", () => {
    const result = spawnSync(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "not-a-port", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Could not start: Invalid configuration: PORT");
  });
});

test.describe("[FOUNDATION][SERVER]", () => {
  test("hashed assets are cached immutably and every request is logged as one JSON line", async ({ request }) => {
    const server = await startIsolatedServer({ port: workerPort(6), env: { LOG_LEVEL: "info" } });
    try {
      const html = await (await request.get(`${server.url}/features`)).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      expect(asset).toBeTruthy();
      const response = await request.get(`${server.url}${asset}`);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      await request.get(`${server.url}/no-such-page-for-the-log`);
      await expect.poll(() => server.output()).toContain('"path":"/no-such-page-for-the-log","status":404');
      const lines = server
        .output()
        .trim()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(server.output()).toMatch(/"path":"\/no-such-page-for-the-log","msg":"page not found"/);
    } finally {
      await server.stop();
    }
  });
});

test.describe("[FOUNDATION][UPLOADS]", () => {
  test.use({ storageState: adminStorageState });
  const png = tinyImages.png;

  test("an uploaded image is served with its type, nosniff and a long immutable cache", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "content-type": "application/octet-stream" };
    const upload = await request.post("/admin/upload?section=about_image", { headers, data: png });
    expect(upload.status()).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/about_image_\d+\.png$/);
    try {
      const served = await request.get(url);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
      expect(served.headers()["cache-control"]).toContain("immutable");
      expect(Buffer.from(await served.body()).equals(png)).toBe(true);
    } finally {
      expect((await request.delete("/admin/upload?section=about_image", { headers: { Origin: baseURL! } })).status()).toBe(200);
    }
  });

  test("an upload of more than 50 MB is refused with 413 before its body is read", async ({ context, baseURL }) => {
    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${baseURL}/admin/upload?section=about_image`, {
        method: "POST",
        headers: { Origin: baseURL!, cookie, "content-length": String(51 * 1024 * 1024) },
      });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      // Only the first megabyte is sent: the answer must not wait for the rest.
      request.write(Buffer.alloc(1024 * 1024));
    });
    expect(status).toBe(413);
  });

  test("a text file named .png is refused", async ({ request, baseURL }) => {
    const response = await request.post("/admin/upload?section=about_image", {
      headers: { Origin: baseURL!, "content-type": "image/png" },
      data: Buffer.from("this is not an image"),
    });
    expect(response.status()).toBe(415);
    expect((await response.json()).message).toBe("Unsupported file format. Please use JPG, PNG, GIF or WebP.");
  });
});
