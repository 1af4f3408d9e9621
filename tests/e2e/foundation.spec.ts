import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./support/accounts";
import { startIsolatedServer } from "./support/isolated-server";

const publicRoutes = [
  "/",
  "/home",
  "/features",
  "/fees",
  "/business",
  "/contact",
  "/faq",
  "/privacy",
  "/terms",
  "/aml-kyc",
  "/login",
  "/signup",
];

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

  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("pages carry an enforced CSP with a fresh nonce per request", async ({ request }) => {
    const first = (await request.get("/")).headers()["content-security-policy"];
    const second = (await request.get("/")).headers()["content-security-policy"];
    expect(first).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(first).not.toEqual(second);
  });
});

test.describe("[FOUNDATION][AUTH] on a fresh database", () => {
  test("the first sign-up reaches the dashboard shell, the second does not", async ({ browser }) => {
    const server = await startIsolatedServer({ port: 4290 });
    try {
      const first = await browser.newPage({ baseURL: server.url });
      await first.goto("/admin");
      await first.getByRole("tab", { name: "Регистрация" }).click();
      await first.getByLabel("Email").fill("first@example.com");
      await first.getByLabel("Пароль").fill("first-password");
      await first.getByRole("button", { name: "Зарегистрироваться" }).click();
      await expect(first.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(first.getByRole("link", { name: "Меню" })).toBeVisible();

      const second = await browser.newPage({ baseURL: server.url });
      await second.goto("/admin");
      await second.getByRole("tab", { name: "Регистрация" }).click();
      await second.getByLabel("Email").fill("second@example.com");
      await second.getByLabel("Пароль").fill("second-password");
      await second.getByRole("button", { name: "Зарегистрироваться" }).click();
      await expect(second.getByText("нет прав администратора")).toBeVisible();
      await expect(second.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);
      const tab = await second.request.get("/admin/menu");
      expect(tab.status()).toBe(403);
    } finally {
      await server.stop();
    }
  });

  test("restarting with the same DATA_DIR keeps accounts and data", async ({ playwright }) => {
    let server = await startIsolatedServer({ port: 4291 });
    const dataDir = server.dataDir;
    const api = await playwright.request.newContext();
    try {
      const signUp = await api.post(`${server.url}/api/auth/sign-up/email`, {
        headers: { Origin: server.url },
        data: { ...ADMIN, name: "admin" },
      });
      expect(signUp.ok()).toBeTruthy();
      expect(await server.stop()).toBe(0);

      server = await startIsolatedServer({ port: 4291, dataDir });
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
    const server = await startIsolatedServer({ port: 4292 });
    try {
      await expect(startIsolatedServer({ port: 4293, dataDir: server.dataDir })).rejects.toThrow(
        /already in use by process/,
      );
    } finally {
      await server.stop();
    }
  });
});
