import { expect, test, workerPort } from "../support/fixtures";
import pg from "pg";
import { TEST_MIN_FILL_MS, waitForContactStamp } from "../support/contact";
import { startIsolatedServer, type IsolatedServer } from "../support/isolated-server";

const PORT = workerPort(1);
const ERROR = "There was an error sending your message. Please try again.";
const SUCCESS = "Your message has been sent successfully. We'll get back to you soon!";

/**
 * The storage-failing path needs a database the test can break while the server runs: a
 * server of its own on a fresh PostgreSQL database (PGlite allows one process only).
 */
test.describe("[PUBLIC][CONTACT] when the message cannot be stored", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (PostgreSQL)");
  let server: IsolatedServer;
  let admin: pg.Client;
  let database: pg.Client;
  const name = `contact_e2e_${Date.now()}`;

  test.beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    server = await startIsolatedServer({ port: PORT, env: { DATABASE_URL: url.toString(), CONTACT_MIN_FILL_MS: String(TEST_MIN_FILL_MS) } });
    database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
  });
  test.afterAll(async () => {
    await database?.end();
    await server?.stop();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  test("the visitor sees the error text and keeps what they typed; once storage works, it is sent", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
    await page.goto(`${server.url}/contact`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const typed = { name: "Ada Lovelace", email: "ada@example.com", message: "Please call me back." };
    await page.getByLabel("Name", { exact: true }).fill(typed.name);
    await page.getByLabel("Email", { exact: true }).fill(typed.email);
    await page.getByLabel("Subject", { exact: true }).selectOption("Account Issues");
    await page.getByLabel("Message", { exact: true }).fill(typed.message);
    await waitForContactStamp(page.context());

    await database.query("ALTER TABLE contact_messages RENAME TO contact_messages_away");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(ERROR)).toBeVisible();
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(typed.name);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(typed.email);
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Account Issues");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(typed.message);

    await database.query("ALTER TABLE contact_messages_away RENAME TO contact_messages");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByText(ERROR)).toHaveCount(0);
    const { rows } = await database.query("SELECT name, email, subject, message FROM contact_messages");
    expect(rows).toEqual([{ ...typed, subject: "Account Issues" }]);
  });
});
