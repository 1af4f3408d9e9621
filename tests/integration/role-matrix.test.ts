// The role walk: every admin route's loader and every write it could be asked for, called with
// every role, checked against the access matrix (app/features/access/matrix.ts). A role the
// matrix does not allow must be refused with 403 and change nothing (an escalation otherwise);
// a role it allows must get past the permission check (no 403, no server error).
import fs from "node:fs";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessMatrix, roleAllows, roleNames, stagingOnlyMessage, type Permission, type Role } from "~/features/access/matrix";
import { adminInvitations, adminSettings, adminUsers, menuItems, pageContent, releases, TEAM_ROLES, user } from "~/db/schema";
import { historyIntents } from "~/features/history/schema";
import { permissionForReleaseIntent } from "~/features/releases/schema";
import { ownAccountIntents } from "~/features/team/team-actions.server";
import { teamIntents } from "~/features/team/intents";
import { siteRequest, onEmbeddedDatabase, signUpAndGetCookie, useTestApp, type TestApp } from "../support/test-database";
import { adminRouteFiles, callModule, fields, intents, pathOf } from "../support/route-modules";

/** What each route's loader needs (null: any role); the gate's own modules are walked elsewhere. */
const loaderNeeds: Record<string, Permission | null> = {
  "admin.activity-export.ts": "activity.view",
  "admin.archive.asset.ts": "archive.view",
  "admin.archive.export.ts": "archive.view",
  "admin.archive.page.ts": "archive.view",
  "admin.backups.download.ts": "backups.manage",
  "admin.content.tsx": "content.edit",
  "admin.content[.]xlf.ts": "content.edit",
  "admin.fees.tsx": "content.edit",
  "admin.history.ts": "content.edit",
  "admin.language.ts": null,
  "admin.legal.tsx": "content.edit",
  "admin.media.upload.ts": "uploads.create",
  "admin.menu.tsx": "content.edit",
  "admin.messages[.]csv.ts": "messages.read",
  "admin.other._index.tsx": null,
  "admin.other.activity.tsx": "activity.view",
  "admin.other.archive.tsx": "archive.view",
  "admin.other.backups.tsx": "backups.manage",
  "admin.other.edge.tsx": "settings.edit",
  "admin.other.locales.tsx": "settings.edit",
  "admin.other.media.tsx": "uploads.create",
  "admin.other.media.$name.tsx": "uploads.create",
  "admin.other.messages.tsx": "messages.read",
  "admin.other.pages.tsx": "content.edit",
  "admin.other.redirects.tsx": "redirects.edit",
  "admin.other.releases.$id.tsx": "releases.view",
  "admin.other.releases.$id.texts[.]xlf.ts": "releases.create",
  "admin.other.releases.tsx": "releases.view",
  "admin.other.seo.tsx": "content.edit",
  "admin.other.statistics.tsx": "statistics.view",
  "admin.other.team.tsx": null,
  "admin.other.tsx": null,
  "admin.page-image.ts": "uploads.create",
  "admin.media.replace.ts": "uploads.create",
  "admin.media.pick.ts": "uploads.create",
  "admin.preview.links.ts": "releases.view",
  "admin.preview.ts": "releases.view",
  "admin.settings.tsx": "settings.edit",
  "admin.statistics-export.ts": "statistics.view",
  "admin.two-factor.ts": null,
  "admin.upload.ts": "uploads.create",
  // Public auth routes (single sign-on's start and callback, app/features/sso): no session needed.
  "auth.sso.ts": null,
  "auth.sso.callback.ts": null,
};
const GATE = new Set(["admin.tsx", "admin._index.tsx", "admin.logout.ts"]);

/** What a write needs, by route and intent: the section's permission, or the intent's own. */
function actionNeeds(file: string, intent: string): Permission | null {
  if (file === "admin.other.team.tsx") return ownAccountIntents.has(intent) ? null : "team.manage";
  if (file === "admin.other.releases.tsx" || file === "admin.other.releases.$id.tsx")
    return permissionForReleaseIntent(intent) ?? "releases.view";
  if (file === "admin.history.ts") return intent === historyIntents.undoGroup ? "activity.view" : "content.edit";
  if (file === "admin.other.messages.tsx") return "messages.manage";
  if (file === "admin.preview.links.ts") return "releases.create";
  if (file === "admin.other.media.tsx") return "media.delete";
  return loaderNeeds[file] ?? null;
}

async function snapshot(app: TestApp) {
  const db = app.handle.db;
  return {
    content: await db.select().from(pageContent).orderBy(asc(pageContent.id)),
    menus: await db.select().from(menuItems).orderBy(asc(menuItems.id)),
    roles: await db.select().from(adminUsers).orderBy(asc(adminUsers.userId)),
    invitations: await db.select().from(adminInvitations),
    settings: await db.select().from(adminSettings),
    releases: await db.select().from(releases),
  };
}

describe("the access matrix", () => {
  it("names the roles the database stores", () => {
    expect([...roleNames].sort()).toEqual([...TEAM_ROLES].sort());
  });

  it("is the table docs/roles.md shows", () => {
    const doc = fs.readFileSync("docs/roles.md", "utf8");
    for (const role of roleNames) {
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${role}\``));
      expect(row, role).toBeDefined();
      const cells = row!
        .split("|")
        .slice(2, -1)
        .map((cell) => cell.trim());
      const allowed = Object.keys(accessMatrix.administrator).length;
      expect(allowed).toBeGreaterThan(0);
      expect(cells.map((cell) => cell === "✓")).toEqual(accessMatrix.administrator.map((permission) => roleAllows(role, permission)));
    }
  });
});

describe.each(onEmbeddedDatabase)("every route × every role × every write on %s", (kind) => {
  const app = useTestApp(kind);
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    for (const role of roleNames) {
      cookies[role] = await signUpAndGetCookie(app.auth, `${role}@example.com`);
      const [row] = await app.handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${role}@example.com`));
      await app.handle.db
        .insert(adminUsers)
        .values({ userId: row!.id, role, locales: role === "translator" ? ["en"] : [] })
        .onConflictDoUpdate({ target: adminUsers.userId, set: { role } });
    }
    await app.handle.db.insert(pageContent).values([{ pageName: "home", sectionName: "hero_title", contentValue: "Stored title" }]);
    const [member] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, "analyst@example.com"));
    fields.userId = member!.id;
  });

  const tally = { calls: 0, routes: 0, escalations: [] as string[], blocked: [] as string[] };
  const files = adminRouteFiles.filter((file) => !GATE.has(file));
  /** Routes whose writes need one permission whatever the intent get a few; the others every intent. */
  const PER_INTENT = new Set(["admin.other.team.tsx", "admin.other.releases.tsx", "admin.other.releases.$id.tsx", "admin.history.ts"]);
  // Changing one's own password (anyone's right) ends the walk's session: team.test.ts covers it.
  const walked = intents.filter((intent) => intent !== teamIntents.changePassword);
  const intentsOf = (file: string) => (PER_INTENT.has(file) ? walked : walked.slice(0, 4));

  it("knows every admin route", () => {
    expect(files.filter((file) => !(file in loaderNeeds))).toEqual([]);
    tally.routes = files.length;
  });

  // The last administrator keeps the role (admin-access walks the administrator): the others one by one.
  it.each(roleNames.filter((role) => role !== "administrator"))(
    "refuses every loader and write beyond %s, and lets every permitted one through",
    async (role) => {
      const { escalations, blocked } = tally;
      const before = await snapshot(app);
      for (const file of files) {
        const needs = loaderNeeds[file] ?? null;
        const loaded = await callModule(file, "loader", siteRequest(pathOf(file), { cookie: cookies[role] }));
        tally.calls++;
        if (loaded) {
          const allowed = needs === null || roleAllows(role, needs);
          if (!allowed && loaded.status !== 403) escalations.push(`${role} GET ${file} → ${loaded.status}`);
          if (allowed && (loaded.status === 403 || loaded.status >= 500)) blocked.push(`${role} GET ${file} → ${loaded.status}`);
        }
        for (const intent of intentsOf(file)) {
          const body = new URLSearchParams({ ...fields, intent });
          const answer = await callModule(file, "action", siteRequest(pathOf(file), { method: "POST", body, cookie: cookies[role] }));
          if (!answer) break;
          tally.calls++;
          const permission = actionNeeds(file, intent);
          const allowed = permission === null || roleAllows(role, permission);
          if (!allowed && answer.status !== 403) escalations.push(`${role} POST ${file} ${intent} → ${answer.status}`);
          const message = (answer.body as { message?: string } | null)?.message;
          if (allowed && answer.status >= 500) blocked.push(`${role} POST ${file} ${intent} → ${answer.status}`);
          if (allowed && answer.status === 403 && message !== stagingOnlyMessage)
            blocked.push(`${role} POST ${file} ${intent} → 403 ${message}`);
        }
      }
      // A role that may not write what the snapshot holds changed none of it.
      if (!roleAllows(role, "content.edit") && !roleAllows(role, "releases.create")) expect(await snapshot(app)).toEqual(before);
      expect(escalations.filter((line) => line.startsWith(`${role} `))).toEqual([]);
      expect(blocked.filter((line) => line.startsWith(`${role} `))).toEqual([]);
    },
    300_000,
  );

  afterAll(() => {
    const line = `role walk: ${tally.routes} routes × ${roleNames.length - 1} roles (the administrator is walked by admin-access), ${tally.calls} loader and write calls, ${tally.escalations.length} escalations, ${tally.blocked.length} permitted calls refused`;
    console.log(line);
    // The CI summary (scripts/test-summary.js) prints the walk's figures beside the test counts.
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(
      `test-results/role-walk-${kind}.json`,
      JSON.stringify({
        routes: tally.routes,
        roles: roleNames.length - 1,
        calls: tally.calls,
        escalations: tally.escalations.length,
        refused: tally.blocked.length,
      }),
    );
  });
});
