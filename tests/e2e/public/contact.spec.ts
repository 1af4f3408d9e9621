import { expect, test, type Page } from "../support/fixtures";
import { defaultsFor } from "../../../app/features/content/catalogue/catalogue";
import { waitForContactStamp } from "../support/contact";

const settings = defaultsFor("global");
const SUCCESS = "Your message has been sent successfully. We'll get back to you soon!";
const address = settings.contact_address!;
const embedUrl = `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "declined"));
});

async function fillForm(page: Page, fields: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Subject", { exact: true }).selectOption(fields.subject);
  await page.getByLabel("Message", { exact: true }).fill(fields.message);
}

test.describe("[PUBLIC][CONTACT]", () => {
  test("shows the company block from the settings, business hours, and the map only when asked for", async ({ page }) => {
    await page.goto("/contact");
    const company = page.getByRole("region", { name: "Company details" });
    for (const key of ["company_name", "company_registration_number", "contact_email", "contact_address", "contact_phone"]) {
      await expect(company, key).toContainText(settings[key]!);
    }
    await expect(company.getByRole("link", { name: settings.contact_email })).toHaveAttribute("href", `mailto:${settings.contact_email}`);
    await expect(page.getByText("Mon - Fri: 9:00 AM - 6:00 PM")).toBeVisible();
    await expect(page.getByText("24/7 Support Available")).toBeVisible();
    // Declined cookies: a placeholder with the address, linked, and no frame.
    const mapSection = page.getByRole("region", { name: "Our office" });
    await expect(mapSection.getByRole("link", { name: address })).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`);
    await expect(page.locator("iframe")).toHaveCount(0);
    // A click before the page has hydrated does nothing: click until the frame is there.
    const map = page.locator("iframe");
    await expect(async () => {
      await mapSection.getByRole("button", { name: "Show map" }).click({ timeout: 2_000 });
      await expect(map).toHaveCount(1, { timeout: 1_000 });
    }).toPass();
    await expect(map).toHaveAttribute("src", embedUrl);
    await expect(map).toHaveAttribute("title", new RegExp(address));
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

  test("sending: one post, success after 1 s, form cleared, message gone after 5 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await fillForm(page, { name: "Ada Lovelace", email: "ada@example.com", subject: "Technical Support", message: "My card does not arrive." });
    await waitForContactStamp(page.context());
    // From here on, page time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect((await answered).status()).toBe(200);

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
    expect(posts).toEqual(["POST /contact.data"]);
  });

  test("a second message sent soon after the first gets its own five seconds", async ({ page }) => {
    // Page time runs as usual; the test moves it on where it would otherwise wait.
    await page.clock.install();
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await waitForContactStamp(page.context());
    const message = { name: "Ada", email: "ada@example.com", subject: "General Inquiry", message: "First." };
    await fillForm(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await page.clock.runFor(2_000);
    await fillForm(page, { ...message, message: "Second." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    // Past the first message's five seconds, the second's answer is still there.
    await page.clock.runFor(3_500);
    await expect(page.getByText(SUCCESS)).toBeVisible();
  });

  test("an incomplete form is not sent", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByLabel("Name", { exact: true }).fill("Ada");
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await page.getByLabel("Email", { exact: true }).evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    // Longer than a sent message takes to be answered (no sooner than 1 s).
    await page.clock.runFor(1_200);
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada");
  });

  test("a lost connection shows the error text and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.route("**/contact.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    const typed = { name: "Ada", email: "ada@example.com", subject: "Account Issues", message: "Locked out." };
    await fillForm(page, typed);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("There was an error sending your message. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(typed.name);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(typed.message);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("the posted form is checked on the server, with errors beside the fields", async ({ request }) => {
    const bad = await request.post("/contact", { form: { name: "", email: "x", subject: "Other", message: "" } });
    expect(bad.status()).toBe(400);
    const html = await bad.text();
    for (const message of ["Please enter your name", "Please enter a valid email address", "Please choose a subject", "Please enter a message"]) {
      expect(html).toContain(message);
    }
  });
});

test.describe("[PUBLIC][CONTACT] without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the page, which comes back with the success text", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, { name: "No Script", email: "noscript@example.com", subject: "Feature Request", message: "Sent without JavaScript." });
    await waitForContactStamp(page.context());
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  });

  test("a refused field comes back with its message and what was typed", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, { name: "No Script", email: "noscript@example.com", subject: "Feature Request", message: "x" });
    // Four links: more than a message may carry (the browser cannot check that).
    await page.getByLabel("Message", { exact: true }).fill("https://a.example https://b.example https://c.example https://d.example");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please include at most 3 links")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("No Script");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Feature Request");
  });
});

/** Lets a second of page time pass (timers fire) after the page has painted what it shows now. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.clock.runFor(1_000);
}

test.describe("[PUBLIC][CONTACT] the map and the cookie choice", () => {
  test("after Decline nothing is requested from Google; after Accept All the map loads", async ({ browser }) => {
    for (const choice of ["Decline", "Accept All"] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.clock.install();
      const google: string[] = [];
      page.on("request", (request) => {
        if (/(^|\.)google(apis|usercontent)?\.com$|gstatic\.com$/.test(new URL(request.url()).hostname)) google.push(request.url());
      });
      await page.route(/google\.com/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }));
      await page.goto("/contact");
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.getByRole("button", { name: choice }).click();
      if (choice === "Decline") {
        await page.getByRole("region", { name: "Our office" }).scrollIntoViewIfNeeded();
        await settle(page);
        await expect(page.locator("iframe")).toHaveCount(0);
        expect(google).toEqual([]);
        await page.reload();
        await settle(page);
        await expect(page.locator("iframe")).toHaveCount(0);
        expect(google).toEqual([]);
      } else {
        await expect(page.locator("iframe")).toHaveAttribute("src", embedUrl);
      }
      await context.close();
    }
  });
});
