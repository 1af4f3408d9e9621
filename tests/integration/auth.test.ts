import { describe, expect, it } from "vitest";
import { signInWithPassword, signUpWithPassword } from "~/features/auth/sign-in.server";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { action as authAction } from "~/routes/api.auth.$";
import { startFakeSmtp } from "../support/fake-smtp";
import { siteRequest, useTestApp } from "../support/test-database";

const callAuthRoute = (request: Request) =>
  authAction({ request, params: { "*": "" }, context: { nonce: "" } } as never) as Promise<Response>;

const jsonPost = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  siteRequest(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });

describe("sign-in and sign-up", () => {
  useTestApp("pglite", { AUTH_RATE_LIMIT: "5" });

  it("signs up and signs in from a route action, setting a session cookie", async () => {
    const signUp = await signUpWithPassword(siteRequest("/admin", { method: "POST" }), { email: "one@example.com", password: "secret-1" });
    expect(signUp).toMatchObject({ ok: true, needsConfirmation: false });
    const signIn = await signInWithPassword(siteRequest("/admin", { method: "POST", headers: { "x-client-ip": "10.0.0.9" } }), {
      email: "one@example.com",
      password: "secret-1",
    });
    expect(signIn.ok).toBe(true);
    if (signIn.ok) expect(signIn.headers.getSetCookie().join()).toMatch(/session_token=/);
  });

  it("returns the server's reason for a wrong password and for a short one", async () => {
    const wrong = await signInWithPassword(siteRequest("/admin", { method: "POST", headers: { "x-client-ip": "10.0.0.10" } }), {
      email: "one@example.com",
      password: "not-the-password",
    });
    expect(wrong).toMatchObject({ ok: false, status: 401 });
    const short = await signUpWithPassword(siteRequest("/admin", { method: "POST", headers: { "x-client-ip": "10.0.0.10" } }), {
      email: "two@example.com",
      password: "123",
    });
    expect(short).toMatchObject({ ok: false, status: 400, message: "Password must be at least 6 characters" });
  });

  it("limits sign-in attempts per client address in route actions", async () => {
    await resetRateLimits();
    const attempt = (ip: string) =>
      signInWithPassword(siteRequest("/admin", { method: "POST", headers: { "x-client-ip": ip } }), {
        email: "one@example.com",
        password: "wrong-password",
      });
    for (let index = 0; index < 5; index++) expect(await attempt("10.1.1.1")).toMatchObject({ status: 401 });
    expect(await attempt("10.1.1.1")).toMatchObject({ ok: false, status: 429 });
    // Another address has its own allowance.
    expect(await attempt("10.1.1.2")).toMatchObject({ status: 401 });
  });

  it("limits sign-in and sign-up through the auth endpoint per client address", async () => {
    await resetRateLimits();
    const body = { email: "one@example.com", password: "wrong-password" };
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await callAuthRoute(jsonPost("/api/auth/sign-in/email", body, { "x-client-ip": "10.2.2.2" }))).status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    for (let index = 0; index < 5; index++) {
      await callAuthRoute(
        jsonPost(
          "/api/auth/sign-up/email",
          { email: `s${index}@example.com`, password: "secret-12", name: "s" },
          { "x-client-ip": "10.3.3.3" },
        ),
      );
    }
    const limited = await callAuthRoute(
      jsonPost("/api/auth/sign-up/email", { email: "s9@example.com", password: "secret-12", name: "s" }, { "x-client-ip": "10.3.3.3" }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a sign-in posted from another site", async () => {
    await expect(
      signInWithPassword(siteRequest("/admin", { method: "POST", headers: { origin: "https://evil.example" } }), {
        email: "one@example.com",
        password: "secret-1",
      }),
    ).rejects.toMatchObject({ status: 403 });
    const viaEndpoint = await callAuthRoute(
      jsonPost(
        "/api/auth/sign-in/email",
        { email: "one@example.com", password: "secret-1" },
        { origin: "https://evil.example", "x-client-ip": "10.4.4.4" },
      ),
    );
    expect(viaEndpoint.status).toBe(403);
  });
});

describe("sign-up with SMTP_URL", async () => {
  const smtp = await startFakeSmtp();
  const app = useTestApp("pglite", { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "http://localhost:3000" });

  it("sends a confirmation mail and does not sign in until the address is confirmed", async () => {
    const { createAuth, setAuth } = await import("~/features/auth/auth.server");
    setAuth(
      createAuth({ db: app.handle.db, secret: "x".repeat(40), port: 3000, smtpUrl: app.env.SMTP_URL, publicUrl: app.env.PUBLIC_URL }),
    );
    const result = await signUpWithPassword(siteRequest("/admin", { method: "POST" }), { email: "mail@example.com", password: "secret-1" });
    expect(result).toMatchObject({ ok: true, needsConfirmation: true });
    await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBe(1);
    // The body is quoted-printable: undo soft line breaks and the encoded "=".
    const mail = smtp.messages[0]!.replace(/=\n/g, "").replace(/=3D/g, "=");
    expect(mail).toContain("To: mail@example.com");
    expect(mail).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fadmin/);
    const signIn = await signInWithPassword(siteRequest("/admin", { method: "POST" }), { email: "mail@example.com", password: "secret-1" });
    expect(signIn).toMatchObject({ ok: false, status: 403 });
    await smtp.close();
  });
});
