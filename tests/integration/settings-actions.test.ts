import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { getSettings } from "~/features/content/read.server";
import { action, loader } from "~/routes/admin.settings";
import { contentRow, siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/settings-routes";

describe.each(onEmbeddedDatabase)("global settings and page links actions on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);

  const save = (fields: Record<string, string | number>, cookie = signedIn.admin) =>
    callRoute(action, postForm("/admin/settings", fields, cookie));
  const globalRow = (section: string) => contentRow(app, "global", section);

  it("refuses anonymous, non-admin and cross-origin requests to the loader and every write", async () => {
    expect((await callRoute(loader, siteRequest("/admin/settings"))).status).toBe(401);
    expect((await callRoute(loader, siteRequest("/admin/settings", { cookie: signedIn.member }))).status).toBe(403);
    const writes: Record<string, string | number>[] = [
      { intent: "update-setting", section: "company_name", value: "Hacked" },
      { intent: "add-page-link", pageName: "hacked", pageUrl: "/hacked" },
      { intent: "update-page-url", id: 1, pageUrl: "/hacked" },
    ];
    for (const fields of writes) {
      expect((await callRoute(action, postForm("/admin/settings", fields))).status).toBe(401);
      expect((await save(fields, signedIn.member)).status).toBe(403);
      expect((await callRoute(action, postForm("/admin/settings", fields, signedIn.admin, "https://evil.example"))).status).toBe(403);
    }
    expect(await globalRow("company_name")).toBeUndefined();
    expect(await app.handle.db.select().from(pageContent).where(eq(pageContent.pageName, "hacked"))).toEqual([]);
  });

  it("shows every setting with its default until it is saved, and answers 404 to an unknown tab", async () => {
    const answer = await callRoute(loader, siteRequest("/admin/settings", { cookie: signedIn.admin }));
    expect(answer.status).toBe(200);
    expect(answer.body.settings.company_name).toBe("Valora Payments Ltd");
    expect(answer.body.settings.favicon_url).toBe("");
    expect(answer.body.pageLinks).toEqual([]);
    const unknown = await callRoute(loader, siteRequest("/admin/settings/nope", { cookie: signedIn.admin }), { tab: "nope" });
    expect(unknown.status).toBe(404);
  });

  it("creates a setting row on its first save and the public site reads it at once", async () => {
    await getSettings(); // warm the public cache: the save must invalidate it
    expect((await save({ intent: "update-setting", section: "company_name", value: "  Acme Wallet Ltd " })).body).toEqual({
      ok: true,
      intent: "update-setting",
    });
    expect((await globalRow("company_name"))?.contentValue).toBe("Acme Wallet Ltd");
    expect((await getSettings()).company_name).toBe("Acme Wallet Ltd");
    expect((await save({ intent: "update-setting", section: "primary_color", value: "#ff0066" })).status).toBe(200);
    expect((await getSettings()).primary_color).toBe("#ff0066");
    const reloaded = await callRoute(loader, siteRequest("/admin/settings/colors", { cookie: signedIn.admin }), { tab: "colors" });
    expect(reloaded.body.settings.primary_color).toBe("#ff0066");
  });

  it.each([
    ["secondary_color", "red", "Цвет должен быть в формате #rrggbb"],
    ["accent_color", "#abc", "Цвет должен быть в формате #rrggbb"],
    ["contact_email", "not-an-email", "Укажите корректный адрес электронной почты"],
    ["facebook_url", "javascript:alert(1)", "Укажите адрес, начинающийся с http://, https:// или / (путь на сайте)"],
    ["login_button_url", "//evil.example/login", "Укажите адрес, начинающийся с http://, https:// или / (путь на сайте)"],
  ])("refuses %s = %j with 400, the reason next to the field, and writes nothing", async (section, value, message) => {
    const answer = await save({ intent: "update-setting", section, value });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, code: "validation", message, fieldErrors: { value: [message] } });
    expect(await globalRow(section)).toBeUndefined();
  });

  it("refuses an unknown setting key and an unknown intent", async () => {
    const unknownKey = await save({ intent: "update-setting", section: "is_admin", value: "yes" });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.fieldErrors.section).toEqual(["Неизвестная настройка"]);
    expect(await globalRow("is_admin")).toBeUndefined();
    expect((await save({ intent: "drop-everything" })).status).toBe(400);
  });

  it("adds a page link as a page_url content row and lists it", async () => {
    expect((await save({ intent: "add-page-link", pageName: "About", pageUrl: "/about-us" })).body).toEqual({
      ok: true,
      intent: "add-page-link",
    });
    const [row] = await app.handle.db.select().from(pageContent).where(eq(pageContent.pageName, "about"));
    expect(row).toMatchObject({ sectionName: "page_url", contentType: "url", contentValue: "about", pageUrl: "/about-us" });
    const answer = await callRoute(loader, siteRequest("/admin/settings/links", { cookie: signedIn.admin }), { tab: "links" });
    expect(answer.body.pageLinks).toEqual([{ id: row!.id, pageName: "about", pageUrl: "/about-us" }]);
  });

  it("refuses a second link for the same page, and bad names or URLs", async () => {
    const duplicate = await save({ intent: "add-page-link", pageName: "about", pageUrl: "/other" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain("already exists");
    const bad = await save({ intent: "add-page-link", pageName: "", pageUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.pageName[0]).toBe("Page name is required");
    expect(bad.body.fieldErrors.pageUrl[0]).toBe("Enter a path starting with / or an http(s) address");
    const rows = await app.handle.db.select().from(pageContent).where(eq(pageContent.sectionName, "page_url"));
    expect(rows.map((row) => row.pageUrl)).toEqual(["/about-us"]);
  });

  it("updates a page link's URL, refusing bad URLs and rows that are not page links", async () => {
    const [link] = await app.handle.db.select().from(pageContent).where(eq(pageContent.pageName, "about"));
    expect((await save({ intent: "update-page-url", id: link!.id, pageUrl: "https://example.com/about" })).status).toBe(200);
    expect((await save({ intent: "update-page-url", id: link!.id, pageUrl: "//evil.example" })).status).toBe(400);
    const [after] = await app.handle.db.select().from(pageContent).where(eq(pageContent.id, link!.id));
    expect(after!.pageUrl).toBe("https://example.com/about");
    const setting = await globalRow("company_name");
    const notALink = await save({ intent: "update-page-url", id: setting!.id, pageUrl: "/x" });
    expect(notALink.status).toBe(404);
    expect((await globalRow("company_name"))!.pageUrl).toBeNull();
  });
});
