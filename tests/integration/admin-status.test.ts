import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminUsers, user } from "~/db/schema";
import { requireAdmin } from "~/features/auth/permissions.server";
import { siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp } from "../support/test-database";

describe.each(onEmbeddedDatabase)("the admin check on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);

  it("runs once per request: the loaders of one request share it, and the next request checks again", async () => {
    const request = siteRequest("/admin/settings.data", { cookie: signedIn.admin });
    const select = vi.spyOn(app.handle.db, "select");
    const execute = vi.spyOn(app.handle.db, "execute");
    const statements = () => select.mock.calls.length + execute.mock.calls.length;
    try {
      // A revalidation runs the layout's and the page's loaders side by side, each calling the gate.
      const [layout, page] = await Promise.all([requireAdmin(request), requireAdmin(request)]);
      expect(page).toEqual(layout);
      const reads = statements();
      expect(reads).toBeGreaterThan(0);
      await requireAdmin(request, { enrolling: true });
      expect(statements()).toBe(reads);
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }

    // The role is read again for every request: one given and taken away counts at once.
    const [member] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "member@example.com"));
    const asMember = () => requireAdmin(siteRequest("/admin/settings.data", { cookie: signedIn.member }));
    await expect(asMember()).rejects.toMatchObject({ status: 403 });
    await app.handle.db.insert(adminUsers).values({ userId: member!.id });
    await expect(asMember()).resolves.toMatchObject({ email: "member@example.com" });
    await app.handle.db.delete(adminUsers).where(eq(adminUsers.userId, member!.id));
    await expect(asMember()).rejects.toMatchObject({ status: 403 });
  });
});
