import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/platform/rate-limit.server";
import { account, adminInvitations, adminSettings, adminUsers, menuItems, pageContent, session, user } from "~/db/schema";
import { siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp, type TestApp } from "../support/test-database";
import {
  adminRouteFiles,
  callModule,
  fields,
  intents,
  pathOf,
  routeFilesOnDisk,
  routeModuleFiles,
  type Caller,
} from "../support/route-modules";
import { tinyImages } from "../support/images";

/** The gate itself: /admin shows the login screen to anyone who is not an admin, and logout is anyone's. */
const GATE_LOADERS = new Set(["admin.tsx", "admin._index.tsx", "admin.logout.ts"]);
const GATE_ACTIONS = new Set(["admin.tsx", "admin.logout.ts"]);
const routeFiles = adminRouteFiles;
const png = tinyImages.png;

/** Every way a write could be asked for: each intent as a form, raw bytes, and other methods. */
function writeRequests(file: string, init: { cookie?: string; origin?: string }) {
  const headers = init.origin ? { origin: init.origin } : undefined;
  const form = (intent: string) => new URLSearchParams({ ...fields, intent });
  return [
    ...intents.map((intent) => siteRequest(pathOf(file), { method: "POST", body: form(intent), cookie: init.cookie, headers })),
    siteRequest(pathOf(file), { method: "POST", body: png, cookie: init.cookie, headers: { ...headers, "content-type": "image/png" } }),
    ...["PUT", "PATCH", "DELETE"].map((method) =>
      siteRequest(pathOf(file), { method, body: form("update"), cookie: init.cookie, headers }),
    ),
  ];
}

/** Everything an admin write could change: content, menus, roles, accounts, sessions, uploads. */
async function snapshot(app: TestApp) {
  const db = app.handle.db;
  const uploads = path.join(app.env.DATA_DIR, "uploads");
  return {
    content: await db.select().from(pageContent).orderBy(asc(pageContent.id)),
    menus: await db.select().from(menuItems).orderBy(asc(menuItems.id)),
    admins: await db.select().from(adminUsers),
    invitations: await db.select().from(adminInvitations),
    adminSettings: await db.select().from(adminSettings),
    users: (await db.select({ id: user.id }).from(user)).length,
    accounts: (await db.select({ id: account.id }).from(account)).length,
    sessions: (await db.select({ id: session.id }).from(session)).length,
    uploads: fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [],
  };
}

describe.each(onEmbeddedDatabase)("access to every admin route on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);
  beforeAll(async () => {
    // Something to change or delete, so a missing check would show.
    await app.handle.db.insert(pageContent).values([
      { pageName: "home", sectionName: "hero_title", contentValue: "Stored title" },
      { pageName: "terms", sectionName: "page_content", contentType: "rich_text", contentValue: "<p>Terms</p>" },
      { pageName: "global", sectionName: "company_name", contentValue: "Stored Ltd" },
    ]);
    // An account to grant, revoke, delete or sign out, and an invitation to withdraw.
    const [memberRow] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "member@example.com"));
    fields.userId = memberRow!.id;
    const [memberSession] = await app.handle.db.select({ id: session.id }).from(session).where(eq(session.userId, memberRow!.id));
    fields.sessionId = memberSession!.id;
    await app.handle.db
      .insert(adminInvitations)
      .values({ id: 1, email: "pending@example.com", tokenHash: "0".repeat(64), expiresAt: new Date(Date.now() + 86_400_000) });
  });

  it("finds every admin route module", () => {
    expect(routeModuleFiles).toEqual(routeFilesOnDisk);
    expect(routeFiles).toEqual(expect.arrayContaining(["admin.tsx", "admin.content.tsx", "admin.menu.tsx", "admin.upload.ts"]));
    expect(intents).toEqual(expect.arrayContaining(["update-content", "initialize-content", "create-menu-item", "delete-menu-item"]));
  });

  const expectRefused = async (call: Caller, file: string, kind: "loader" | "action", request: Request, status: number) => {
    const answer = await call(file, kind, request);
    if (!answer) return;
    expect({ file, kind, method: request.method, status: answer.status }).toEqual({ file, kind, method: request.method, status });
  };

  it("answers 401 to anonymous requests, or shows the login screen, and changes nothing", async () => {
    const before = await snapshot(app);
    for (const file of routeFiles) {
      if (GATE_LOADERS.has(file)) continue;
      await expectRefused(callModule, file, "loader", siteRequest(pathOf(file)), 401);
      if (GATE_ACTIONS.has(file)) continue;
      for (const request of writeRequests(file, {})) await expectRefused(callModule, file, "action", request, 401);
    }
    expect((await callModule("admin.tsx", "loader", siteRequest("/admin")))?.body).toMatchObject({ isAdmin: false, email: null });
    expect((await callModule("admin._index.tsx", "loader", siteRequest("/admin")))?.body).toBeNull();
    for (const request of writeRequests("admin.tsx", {})) {
      expect((await callModule("admin.tsx", "action", request))?.body).toMatchObject({ ok: false });
    }
    // Logging out without a session ends nothing.
    expect((await callModule("admin.logout.ts", "action", siteRequest("/admin/logout", { method: "POST" })))?.status).toBe(302);
    expect(await snapshot(app)).toEqual(before);
  });

  it("answers 403 to a signed-in user without the admin role, and changes nothing", async () => {
    const before = await snapshot(app);
    for (const file of routeFiles) {
      if (GATE_LOADERS.has(file)) continue;
      await expectRefused(callModule, file, "loader", siteRequest(pathOf(file), { cookie: signedIn.member }), 403);
      if (GATE_ACTIONS.has(file)) continue;
      for (const request of writeRequests(file, { cookie: signedIn.member })) await expectRefused(callModule, file, "action", request, 403);
    }
    expect((await callModule("admin.tsx", "loader", siteRequest("/admin", { cookie: signedIn.member })))?.body).toMatchObject({
      isAdmin: false,
      email: "member@example.com",
      unreadMessages: 0,
    });
    expect((await callModule("admin._index.tsx", "loader", siteRequest("/admin", { cookie: signedIn.member })))?.body).toBeNull();
    expect(await snapshot(app)).toEqual(before);
  });

  it("refuses every write posted from another site, even with an admin's session", async () => {
    const before = await snapshot(app);
    for (const file of routeFiles) {
      for (const request of writeRequests(file, { cookie: signedIn.admin, origin: "https://evil.example" })) {
        await expectRefused(callModule, file, "action", request, 403);
      }
    }
    expect(await snapshot(app)).toEqual(before);
  });

  it("lets the admin through, so the refusals above come from the role check", async () => {
    for (const file of routeFiles) {
      if (GATE_LOADERS.has(file)) continue;
      const answer = await callModule(file, "loader", siteRequest(pathOf(file), { cookie: signedIn.admin }));
      if (!answer || answer.status === 405) continue;
      // A hub's index (such as /admin/other) sends the admin on to its first section; the
      // preview's start sends them on to the page it shows (a path of this site).
      const location = answer.headers.get("location") ?? "";
      const redirectedWithin =
        (answer.status === 302 && location.startsWith("/admin/")) ||
        (file === "admin.preview.ts" && answer.status === 303 && /^\/(?!\/)/.test(location)) ||
        // A page of one record (a release) walked without its id: past the role check, the record is not found.
        (file.includes("$") && file.startsWith("admin.") && answer.status === 404) ||
        // An archived stylesheet or image is asked for by its hash: without one, past the role check, the request names none.
        (file === "admin.archive.asset.ts" && answer.status === 400);
      if (!redirectedWithin) expect({ file, status: answer.status }).toEqual({ file, status: 200 });
    }
    expect((await callModule("admin.tsx", "loader", siteRequest("/admin", { cookie: signedIn.admin })))?.body).toMatchObject({
      isAdmin: true,
      email: "admin@example.com",
      unreadMessages: 0,
    });
  });

  it("signs in back to the tab the form was on, and never to another site", async () => {
    // The refused attempts above count against this address's sign-in allowance.
    await resetRateLimits();
    const signIn = (redirectTo: string) =>
      callModule(
        "admin.tsx",
        "action",
        siteRequest("/admin", {
          method: "POST",
          body: new URLSearchParams({ intent: "login", email: "admin@example.com", password: "password-123", redirectTo }),
        }),
      );
    for (const [redirectTo, location] of [
      ["/admin/menu", "/admin/menu"],
      ["/admin/settings/branding", "/admin/settings/branding"],
      ["https://evil.example/admin", "/admin"],
      ["//evil.example", "/admin"],
      ["/admin/../logout", "/admin"],
    ]) {
      const answer = await signIn(redirectTo!);
      expect({ redirectTo, status: answer?.status, location: answer?.headers.get("location") }).toEqual({
        redirectTo,
        status: 302,
        location,
      });
    }
  });
});
