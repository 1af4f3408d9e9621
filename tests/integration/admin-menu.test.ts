import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { menuIntents } from "~/features/content/menu/intents";
import { menuItems } from "~/db/schema";
import { getActiveMenu } from "~/features/content/read.server";
import { listMenuItems } from "~/features/content/menu/menu.server";
import { action, loader } from "~/routes/admin.menu";
import { menuMessages } from "~/features/content/menu/schema";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onEmbeddedDatabase)("menu tab on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  const post = (fields: Record<string, string | number>) => callRoute(action, postForm("/admin/menu", fields, admin));
  const create = (fields: Record<string, string | number>) =>
    post({ intent: menuIntents.create, displayName: "Blog", url: "/blog", menuType: "header", sortOrder: "7", ...fields });
  const itemNamed = async (name: string) => (await app.handle.db.select().from(menuItems).where(eq(menuItems.displayName, name)))[0];

  it("lists the seeded header and footer items by sort order", async () => {
    const answer = await callRoute(loader, siteRequest("/admin/menu", { cookie: admin }));
    expect(answer.status).toBe(200);
    const header = answer.body.items.filter((item: { menuType: string }) => item.menuType === "header");
    const footer = answer.body.items.filter((item: { menuType: string }) => item.menuType === "footer");
    expect(header.map((item: { displayName: string }) => item.displayName)).toEqual(["Features", "Fees", "Business", "FAQ", "Contact"]);
    expect(footer).toHaveLength(6);
    expect(footer[0]).toMatchObject({ displayName: "Home", url: "/home", sortOrder: 1, isActive: true });
  });

  it("adds an active item with a generated section name, shown on the public site at once", async () => {
    expect(await getActiveMenu("header")).toHaveLength(5); // warm the public cache: the write must invalidate it
    const before = Date.now();
    expect(await create({ displayName: " Blog ", sortOrder: "abc" })).toMatchObject({ status: 200, body: { ok: true } });
    const created = await itemNamed("Blog");
    expect(created).toMatchObject({ url: "/blog", menuType: "header", sortOrder: 0, isActive: true });
    expect(created!.sectionName).toMatch(/^custom_\d+$/);
    expect(Number(created!.sectionName.slice("custom_".length))).toBeGreaterThanOrEqual(before);
    expect((await getActiveMenu("header"))[0]?.displayName).toBe("Blog");
  });

  it.each([
    [{ displayName: "" }, "displayName", menuMessages.nameRequired],
    [{ displayName: "x".repeat(101) }, "displayName", menuMessages.nameTooLong],
    [{ url: "" }, "url", menuMessages.urlRequired],
    [{ url: `/${"x".repeat(500)}` }, "url", menuMessages.urlTooLong],
    [{ url: "blog" }, "url", menuMessages.urlStart],
    [{ url: "//evil.com" }, "url", menuMessages.urlOffSite],
    [{ url: "/\\evil.com" }, "url", menuMessages.urlCharacters],
    [{ url: "/\t/evil.com" }, "url", menuMessages.urlCharacters],
    [{ url: " //evil.com" }, "url", menuMessages.urlOffSite],
    [{ menuType: "sidebar" }, "menuType", menuMessages.menuType],
    [{ sortOrder: "1000" }, "sortOrder", menuMessages.sortOrderRange],
    [{ sortOrder: "-5" }, "sortOrder", menuMessages.sortOrderRange],
  ])("refuses to add %j: 400 with the message next to its field", async (fields, field, message) => {
    const count = (await listMenuItems(app.handle.db)).length;
    const answer = await create({ displayName: "Refused", ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, intent: menuIntents.create, message });
    expect(answer.body.fieldErrors[field]).toContain(message);
    expect(await listMenuItems(app.handle.db)).toHaveLength(count);
  });

  it("updates only the fields sent, keeping the others from the stored item", async () => {
    const blog = await itemNamed("Blog");
    await getActiveMenu("header");
    expect(await post({ intent: menuIntents.update, id: blog!.id, displayName: "News" })).toMatchObject({ status: 200 });
    expect(await itemNamed("News")).toMatchObject({ id: blog!.id, url: "/blog", menuType: "header", sortOrder: 0, isActive: true });
    expect((await getActiveMenu("header"))[0]?.displayName).toBe("News");
    expect(await post({ intent: menuIntents.update, id: blog!.id, url: "/news", sortOrder: "9", menuType: "footer" })).toMatchObject({
      status: 200,
    });
    expect(await itemNamed("News")).toMatchObject({ url: "/news", sortOrder: 9, menuType: "footer" });
  });

  it("refuses an update that would break a rule, and leaves the item as it was", async () => {
    const news = await itemNamed("News");
    for (const [fields, message] of [
      [{ url: "https://evil.com" }, menuMessages.urlStart],
      [{ url: "//evil.com" }, menuMessages.urlOffSite],
      [{ displayName: "  " }, menuMessages.nameRequired],
      [{ sortOrder: "5000" }, menuMessages.sortOrderRange],
    ] as const) {
      const answer = await post({ intent: menuIntents.update, id: news!.id, ...fields });
      expect(answer).toMatchObject({ status: 400, body: { ok: false, message } });
    }
    expect(await itemNamed("News")).toEqual(news);
  });

  it("answers 'Menu item not found' for an item that does not exist", async () => {
    for (const intent of [menuIntents.update, menuIntents.delete, menuIntents.setActive]) {
      const answer = await post({ intent, id: 99_999, displayName: "Ghost", isActive: "false" });
      expect(answer).toMatchObject({ status: 404, body: { ok: false, message: menuMessages.notFound } });
    }
    expect(await itemNamed("Ghost")).toBeUndefined();
  });

  it("hides and shows an item on the public site", async () => {
    const features = (await listMenuItems(app.handle.db, "header")).find((item) => item.url === "/features")!;
    await getActiveMenu("header");
    expect(await post({ intent: menuIntents.setActive, id: features.id, isActive: "false" })).toMatchObject({ status: 200 });
    expect((await getActiveMenu("header")).map((item) => item.url)).not.toContain("/features");
    // The dashboard still lists the hidden item.
    const answer = await callRoute(loader, siteRequest("/admin/menu", { cookie: admin }));
    expect(answer.body.items.find((item: { id: number }) => item.id === features.id)).toMatchObject({ isActive: false });
    expect(await post({ intent: menuIntents.setActive, id: features.id, isActive: "true" })).toMatchObject({ status: 200 });
    expect((await getActiveMenu("header")).map((item) => item.url)).toContain("/features");
  });

  it("deletes an item, and the public menu no longer shows it", async () => {
    const news = await itemNamed("News");
    await getActiveMenu("footer");
    expect(await post({ intent: menuIntents.delete, id: news!.id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await itemNamed("News")).toBeUndefined();
    expect((await getActiveMenu("footer")).map((item) => item.displayName)).not.toContain("News");
  });

  it("refuses an unknown intent and a body that is not a form", async () => {
    expect(await post({ intent: "drop-everything" })).toMatchObject({ status: 400, body: { ok: false } });
    const json = siteRequest("/admin/menu", { method: "POST", cookie: admin, body: "{}", headers: { "content-type": "application/json" } });
    expect((await callRoute(action, json)).status).toBe(415);
  });
});
