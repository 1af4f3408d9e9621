import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { CLIENT_ID, CLIENT_SECRET, startTestProvider, type TestProvider } from "../../support/oidc-provider";
import { expectNoAxeViolations } from "../support/axe";
import { startIsolatedServer, type IsolatedServer } from "../support/isolated-server";
import { workerPort } from "../support/ports";

/**
 * Single sign-on in a browser: 'Войти через SSO' on the login screen, the provider's own sign-in
 * page (oidc-provider started here on an ephemeral port), and back to the dashboard. The time from
 * the click to the dashboard is measured for bench/sso.md (SSO_BENCH_OUT=<file> writes the runs).
 */
const SERVER_PORT = workerPort(14);
const RUNS = Number(process.env.SSO_BENCH_RUNS ?? 3);

test.describe("[ADMIN][TEAM] single sign-on through an OpenID provider", () => {
  let provider: TestProvider;
  let server: IsolatedServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    provider = await startTestProvider(`http://127.0.0.1:${SERVER_PORT}/auth/sso/callback`);
    provider.accounts.set("olga", { sub: "sub-olga", email: "olga@corp.example", email_verified: true, groups: ["site-admins"] });
    server = await startIsolatedServer({
      port: SERVER_PORT,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_ALLOWED_DOMAINS: "corp.example",
        OIDC_ROLE_CLAIM: "groups",
        OIDC_ROLE_MAP: "site-admins=administrator,site-editors=author",
        // Each measured run is a sign-in attempt from the same address.
        AUTH_RATE_LIMIT: "100",
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  test("signs in through the provider's sign-in page to the dashboard, in measured time", async ({ browser }) => {
    test.setTimeout(180_000);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A new browser each time: no session at the site nor at the provider.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/admin`);
      const button = page.getByRole("link", { name: "Войти через SSO" });
      await expect(button).toBeVisible();
      const started = performance.now();
      await button.click();
      await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
      await page.getByLabel("Login").fill("olga");
      await page.getByLabel("Password").fill("provider-password");
      await page.getByRole("button", { name: "Sign in to the provider" }).click();
      await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
      times.push(performance.now() - started);
      expect(new URL(page.url()).pathname).toMatch(/^\/admin(\/|$)/);
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const line = `runs=${RUNS} ms=${times.map((time) => time.toFixed(0)).join(",")} median=${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}`;
    console.log(`single sign-on click to dashboard: ${line}`);
    if (process.env.SSO_BENCH_OUT) fs.appendFileSync(process.env.SSO_BENCH_OUT, `${line}\n`);
  });

  test("shows why a sign-in was refused on the login screen", async ({ page }) => {
    provider.accounts.set("stranger", { sub: "sub-stranger", email: "stranger@elsewhere.example", email_verified: true });
    await page.goto(`${server.url}/admin`);
    await expectNoAxeViolations(page, "the login screen with 'Войти через SSO'");
    await page.getByRole("link", { name: "Войти через SSO" }).click();
    await page.getByLabel("Login").fill("stranger");
    await page.getByRole("button", { name: "Sign in to the provider" }).click();
    await expect(page.getByRole("alert")).toContainText("Для адресов этого домена учётные записи не создаются");
    expect(new URL(page.url()).search).toBe("?sso=domain");
    await expectNoAxeViolations(page, "the login screen with a refused single sign-on");
    await page.screenshot({ path: test.info().outputPath("sso-refused.png") });
  });
});
