import net from "node:net";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * A toast of SPEC §8 with its title and, when given, its description. Failures must carry
 * the destructive style; successes must not.
 */
export async function expectToast(page: Page, title: string, options: { description?: string; failure?: boolean } = {}) {
  const toast = page.locator("[data-sonner-toast]").filter({ has: page.locator("[data-title]", { hasText: title }) });
  await expect(toast.first()).toBeVisible();
  if (options.description !== undefined) {
    await expect(toast.first().locator("[data-description]")).toHaveText(options.description);
  }
  if (options.failure) {
    await expect(toast.first()).toHaveAttribute("data-type", "error");
    await expect(toast.first()).toHaveClass(/destructive/);
  } else if (options.failure === false) {
    await expect(toast.first()).toHaveAttribute("data-type", "success");
  }
  return toast.first();
}

/** Posts a dashboard form the way a browser without script would, from this site's origin. */
export function postForm(request: APIRequestContext, baseURL: string, path: string, fields: Record<string, string | number>) {
  return request.post(path, { headers: { Origin: baseURL }, form: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])) });
}

/** Signs in through the login screen's form. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти" }).click();
}

/** A minimal SMTP server that accepts every message, so sign-up can ask for confirmation. */
export function startFakeSmtp() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = "";
    let message = "";
    socket.write("220 localhost ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(message);
            message = "";
            socket.write("250 OK\r\n");
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 localhost\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise<{ port: number; messages: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * Holds every write (POST) to a path until released, so a busy state can be looked at;
 * once released, requests pass straight through.
 */
export async function holdWrites(page: Page, pattern: string | RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return release;
}

/** Makes every write (POST) to a path fail on the way, as a lost connection would. */
export function failWrites(page: Page, pattern: string | RegExp) {
  return page.route(pattern, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
}
