import { and, eq } from "drizzle-orm";
import { adminUsers, menuItems, pageContent, releaseChanges, user } from "~/db/schema";
import { action as contentAction } from "~/routes/admin.content";
import { action as feesAction } from "~/routes/admin.fees";
import { action as legalAction } from "~/routes/admin.legal";
import { action as menuAction } from "~/routes/admin.menu";
import { action as settingsAction } from "~/routes/admin.settings";
import { action as releaseAction, loader as releaseLoader } from "~/routes/admin.other.releases.$id";
import { action as releasesAction } from "~/routes/admin.other.releases";
import { callRoute, postForm } from "./admin-routes";
import { signUpAndGetCookie, siteRequest, type TestApp } from "./test-database";

type Handler = (args: never) => unknown;

/** Dashboard posts and reads for the releases tests, as one administrator (by cookie). */
export function releaseClient(app: TestApp, cookie: () => string) {
  const post = (handler: Handler, path: string, fields: Record<string, string | number>, params: Record<string, string> = {}) =>
    callRoute(handler, postForm(path, fields, cookie()), params);
  return {
    post,
    create: async (name: string) => {
      const answer = await post(releasesAction, "/admin/other/releases", { intent: "create-release", name });
      return Number(answer.headers.get("location")!.split("/").pop());
    },
    release: (id: number, fields: Record<string, string | number>) =>
      post(releaseAction, `/admin/other/releases/${id}`, fields, { id: String(id) }),
    view: async (id: number | string) =>
      callRoute(releaseLoader, siteRequest(`/admin/other/releases/${id}`, { cookie: cookie() }), { id: String(id) }),
    goLive: () => post(releasesAction, "/admin/other/releases", { intent: "go-live" }),
    open: (id: number) => post(releasesAction, "/admin/other/releases", { intent: "open-release", releaseId: id }),
    policies: (fourEyes: boolean, releasesOnly: boolean) =>
      post(releasesAction, "/admin/other/releases", {
        intent: "release-policies",
        ...(fourEyes ? { fourEyes: "on" } : {}),
        ...(releasesOnly ? { releasesOnly: "on" } : {}),
      }),
    content: async (page: string, section: string, value: string) => {
      const [row] = await app.handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)));
      return post(contentAction, "/admin/content", { intent: "update-content", id: row!.id, contentValue: value });
    },
    fee: (section: string, value: string) => post(feesAction, "/admin/fees", { intent: "update-fee", section, value }),
    setting: (section: string, value: string) => post(settingsAction, "/admin/settings", { intent: "update-setting", section, value }),
    legal: (page: string, html: string) =>
      post(legalAction, "/admin/legal", {
        intent: "save-legal-page",
        page_name: page,
        section_name: "page_content",
        content: html,
        rich_content: JSON.stringify({ ops: [{ insert: "Terms\n" }] }),
      }),
    menu: (fields: Record<string, string | number>) => post(menuAction, "/admin/menu", fields),
  };
}

export async function liveValue(app: TestApp, page: string, section: string) {
  const [row] = await app.handle.db
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)));
  return row?.contentValue;
}

export const liveMenuItem = async (app: TestApp, id: number) =>
  (await app.handle.db.select().from(menuItems).where(eq(menuItems.id, id)))[0];

export async function stagedKeys(app: TestApp, releaseId: number) {
  const rows = await app.handle.db.select().from(releaseChanges).where(eq(releaseChanges.releaseId, releaseId));
  return rows.map((row) => row.key).sort();
}

/** A second administrator (signed up, then granted the role), answering its cookie. */
export async function secondAdmin(app: TestApp, email: string) {
  const cookie = await signUpAndGetCookie(app.auth, email);
  const [row] = await app.handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await app.handle.db.insert(adminUsers).values({ userId: row!.id }).onConflictDoNothing();
  return cookie;
}
