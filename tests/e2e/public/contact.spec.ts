import { expect, test } from "@playwright/test";
import { defaultsFor } from "../../../app/content/catalogue";

const settings = defaultsFor("global");
const SUCCESS = "Your message has been sent successfully. We'll get back to you soon!";

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

test.describe("[PUBLIC][CONTACT]", () => {
  test("shows the company block from the settings, business hours and a map of the office", async ({ page }) => {
    await page.goto("/contact");
    const company = page.getByRole("region", { name: "Company details" });
    for (const key of ["company_name", "company_registration_number", "contact_email", "contact_address", "contact_phone"]) {
      await expect(company, key).toContainText(settings[key]!);
    }
    await expect(company.getByRole("link", { name: settings.contact_email })).toHaveAttribute("href", `mailto:${settings.contact_email}`);
    await expect(page.getByText("Mon - Fri: 9:00 AM - 6:00 PM")).toBeVisible();
    await expect(page.getByText("24/7 Support Available")).toBeVisible();
    const map = page.locator("iframe");
    await expect(map).toHaveAttribute(
      "src",
      `https://maps.google.com/maps?q=${encodeURIComponent(settings.contact_address!)}&output=embed`,
    );
    await expect(map).toHaveAttribute("title", new RegExp(settings.contact_address!));
  });

  test("the form offers the five subjects and a five-row message", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByLabel("Subject", { exact: true }).locator("option:not([disabled])")).toHaveText([
      "General Inquiry",
      "Technical Support",
      "Account Issues",
      "Payment Problems",
      "Feature Request",
    ]);
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "5");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  });

  test("sending is simulated: success after 1 s, form cleared, message gone after 5 s, no request made", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Subject", { exact: true }).selectOption("Technical Support");
    await page.getByLabel("Message", { exact: true }).fill("My card does not arrive.");
    // From here on, page time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();

    await page.clock.runFor(900);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

    await page.clock.runFor(4_800);
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await page.clock.runFor(300);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    expect(requests.filter((request) => !request.startsWith("GET"))).toEqual([]);
  });

  test("an incomplete form is not sent", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByLabel("Name", { exact: true }).fill("Ada");
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await page.getByLabel("Email", { exact: true }).evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await page.waitForTimeout(1_200);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada");
  });

  test("without JavaScript the post is checked on the server, with errors beside the fields", async ({ request }) => {
    const bad = await request.post("/contact", {
      form: { name: "", email: "x", subject: "Other", message: "" },
    });
    expect(bad.status()).toBe(400);
    const html = await bad.text();
    for (const message of ["Please enter your name", "Please enter a valid email address", "Please choose a subject", "Please enter a message"]) {
      expect(html).toContain(message);
    }
    const good = await request.post("/contact", {
      form: { name: "Ada", email: "ada@example.com", subject: "General Inquiry", message: "Hello" },
    });
    expect(good.status()).toBe(200);
    expect(await good.text()).toContain("Your message has been sent successfully. We&#x27;ll get back to you soon!");
  });
});
