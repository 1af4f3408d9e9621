import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents, adminUsers, user, verification } from "~/db/schema";
import { createResetLink, grantByEmail, listAccountsText, UnknownAccountError } from "~/features/team/admin-commands.server";
import { requestPasswordResetMail } from "~/features/auth/sign-in.server";
import { createAuth, setAuth } from "~/features/auth/auth.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { deliverDueMails } from "~/platform/mail-outbox.server";
import { sendOutboxMail } from "~/platform/mail.server";
import { action as adminAction } from "~/routes/admin";
import { resetMessages } from "~/features/auth/schema";
import { startFakeSmtp } from "../support/fake-smtp";
import { commandEntryArgs } from "../support/command-entry";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp, type TestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const tokenOf = (link: string) => new URL(link).searchParams.get("reset")!;
const setPassword = (token: string, password = "brand-new-password") =>
  callRoute(adminAction as never, postForm("/admin", { intent: "reset", token, password }));
const signIn = (app: TestApp, password: string) => app.auth.api.signInEmail({ body: { email: "admin@example.com", password } });

describe.each(onBothDatabases)("account recovery on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "1000" });
  let cookie: string;
  beforeEach(async () => {
    await app.handle.db.delete(user);
    await app.handle.db.delete(verification);
    await resetRateLimits();
    cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
    await signUpAndGetCookie(app.auth, "member@example.com");
  });

  it("lists accounts and grants rights by address, with a clear error for an unknown one", async () => {
    const listed = await listAccountsText(app.handle.db);
    expect(listed).toMatch(/^admin@example\.com\tadmin\t/m);
    expect(listed).toMatch(/^member@example\.com\t-\t/m);
    await expect(grantByEmail(app.handle.db, "nobody@example.com")).rejects.toThrow(new UnknownAccountError("nobody@example.com"));
    await grantByEmail(app.handle.db, " Member@Example.com ");
    expect(await app.handle.db.select().from(adminUsers)).toHaveLength(2);
    const [event] = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "team.grant"));
    expect(event).toMatchObject({ target: "member@example.com", userEmail: "командная строка", userId: null });
  });

  it("a reset link from the command sets a new password once, ends every session, and is stored hashed", async () => {
    await expect(createResetLink(app.handle.db, "nobody@example.com", "https://site.example")).rejects.toThrow(UnknownAccountError);
    const link = await createResetLink(app.handle.db, "admin@example.com", "https://site.example");
    expect(link).toMatch(/^https:\/\/site\.example\/admin\?reset=[A-Za-z0-9]+$/);
    const token = tokenOf(link);
    expect(JSON.stringify(await app.handle.db.select().from(verification))).not.toContain(token);

    const altered = await setPassword(`${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`);
    expect(altered).toMatchObject({ status: 400, body: { ok: false, message: resetMessages.invalidLink } });
    expect((await setPassword(token)).body).toMatchObject({ ok: true, intent: "reset" });
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie }))).rejects.toMatchObject({ status: 401 });
    await expect(signIn(app, "password-123")).rejects.toMatchObject({ statusCode: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
    await expect(signIn(app, "brand-new-password")).resolves.toBeTruthy();
    // Replayed: refused.
    expect((await setPassword(token, "third-password")).body).toMatchObject({ ok: false, message: resetMessages.invalidLink });
    await expect(signIn(app, "brand-new-password")).resolves.toBeTruthy();
  });

  it("refuses an expired link", async () => {
    const token = tokenOf(await createResetLink(app.handle.db, "admin@example.com", "https://site.example"));
    await app.handle.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await setPassword(token)).body).toMatchObject({ ok: false, message: resetMessages.invalidLink });
    for (const junk of ["", "../../x", "a".repeat(500)]) expect((await setPassword(junk)).status).toBe(400);
    await expect(signIn(app, "password-123")).resolves.toBeTruthy();
  });
});

describe("'Забыли пароль?' with SMTP_URL", async () => {
  const smtp = await startFakeSmtp();
  const app = useTestApp("pglite", { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "http://localhost:3000" });
  afterAll(() => smtp.close());

  it("mails a reset link to a known address, and answers the same for an unknown one", async () => {
    await signUpAndGetCookie(app.auth, "admin@example.com");
    setAuth(
      createAuth({ db: app.handle.db, secret: "x".repeat(40), port: 3000, smtpUrl: app.env.SMTP_URL, publicUrl: app.env.PUBLIC_URL }),
    );
    expect(await requestPasswordResetMail(siteRequest("/admin", { method: "POST" }), { email: "nobody@example.com" })).toEqual({
      ok: true,
    });
    expect(await requestPasswordResetMail(siteRequest("/admin", { method: "POST" }), { email: "admin@example.com" })).toEqual({ ok: true });
    // The mail leaves through the mail outbox, after the answer (password-reset-mail.test.ts).
    await deliverDueMails(app.handle.db, (mail) => sendOutboxMail({ smtpUrl: app.env.SMTP_URL!, ...mail }));
    await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBe(1);
    const [headers, body] = smtp.messages[0]!.split("\n\n");
    expect(headers).toContain("To: admin@example.com");
    expect(Buffer.from(body!.replace(/\s/g, ""), "base64").toString("utf8")).toMatch(/http:\/\/localhost:3000\/admin\?reset=[A-Za-z0-9]+/);
  });
});

describe("the admin command", () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [...commandEntryArgs("run-admin-command"), ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("refuses, non-zero, while a server holds the embedded database", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-command-"));
    fs.writeFileSync(path.join(dataDir, "db.lock"), String(process.pid));
    try {
      const result = run(["list"], { DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("in use by a running server");
      expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("explains its usage", () => {
    const result = run(["grant"], { DATA_DIR: os.tmpdir() });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: npm run admin --");
  });
});
