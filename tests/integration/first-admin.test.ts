import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, user } from "~/db/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("first administrator on %s", (kind) => {
  const app = useTestApp(kind);

  it("20 concurrent sign-ups on a fresh database give exactly one admin", async () => {
    const emails = Array.from({ length: 20 }, (_, index) => `racer${index}@example.com`);
    await Promise.all(emails.map((email) => app.auth.api.signUpEmail({ body: { email, password: "password-123", name: "racer" } })));
    const users = await app.handle.db.select().from(user);
    const admins = await app.handle.db.select().from(adminUsers);
    expect(users).toHaveLength(20);
    expect(admins).toHaveLength(1);
    expect(emails).toContain(users.find((row) => row.id === admins[0]!.userId)?.email);
  });

  it("ignores a role or admin flag sent at sign-up", async () => {
    const cookie = await signUpAndGetCookie(app.auth, "sneaky@example.com");
    await app.auth.api
      .signUpEmail({
        body: { email: "sneaky2@example.com", password: "password-123", name: "x", role: "admin", isAdmin: true } as never,
      })
      .catch(() => undefined);
    const [sneaky2] = await app.handle.db.select().from(user).where(eq(user.email, "sneaky2@example.com"));
    if (sneaky2) {
      const rows = await app.handle.db.select().from(adminUsers).where(eq(adminUsers.userId, sneaky2.id));
      expect(rows).toHaveLength(0);
    }
    await expect(requireAdmin(siteRequest("/admin/menu", { cookie }))).rejects.toMatchObject({ status: 403 });
  });

  it("requireAdmin answers 401 to anonymous requests", async () => {
    await expect(requireAdmin(siteRequest("/admin/menu"))).rejects.toMatchObject({ status: 401 });
  });
});
