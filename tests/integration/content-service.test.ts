import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { menuItems, pageContent } from "~/db/schema";
import { getActiveMenu, getContentVersion, getPageContent, getSettings } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("content service on %s", (kind) => {
  const app = useTestApp(kind);

  it("migrations create the tables, seed the default menus and no page content", async () => {
    const tables = await app.handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = tables.rows.map((row) => row.table_name);
    for (const table of ["account", "admin_users", "menu_items", "page_content", "session", "user", "verification"]) {
      expect(names).toContain(table);
    }
    expect(await app.handle.db.select().from(pageContent)).toHaveLength(0);
    const menus = await app.handle.db.select().from(menuItems);
    expect(menus.filter((item) => item.menuType === "header").length).toBeGreaterThan(0);
  });

  it("enforces one row per page and section, and the four content types", async () => {
    await app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "unique_probe", contentValue: "a" });
    await expect(
      app.handle.db.insert(pageContent).values({ pageName: "home", sectionName: "unique_probe", contentValue: "b" }),
    ).rejects.toMatchObject({ cause: { code: "23505" } }); // unique_violation
    await expect(
      app.handle.db.execute(sql`insert into page_content (page_name, section_name, content_type) values ('home', 'bad_type', 'video')`),
    ).rejects.toMatchObject({ cause: { code: "23514" } }); // check_violation
    await app.handle.db.execute(sql`delete from page_content where section_name = 'unique_probe'`);
  });

  it("serves catalogue defaults when nothing is stored", async () => {
    expect(await getPageContent("home")).toEqual(defaultsFor("home"));
    expect((await getSettings()).company_name).toBe(defaultsFor("global").company_name);
  });

  it("overlays stored values, keeps defaults for empty ones, and refreshes after a write", async () => {
    const before = await getPageContent("fees");
    const version = getContentVersion();
    await upsertContentValue(app.handle.db, { page: "fees", section: "page_title", value: "Our prices" });
    await upsertContentValue(app.handle.db, { page: "fees", section: "page_subtitle", value: "" });
    expect(getContentVersion()).toBeGreaterThan(version);
    const after = await getPageContent("fees");
    expect(after.page_title).toBe("Our prices");
    expect(after.page_subtitle).toBe(before.page_subtitle);
  });

  it("serves reads from the cache until a write invalidates it", async () => {
    await getPageContent("business");
    // A change behind the service's back is not seen: the read is cached...
    await app.handle.db.insert(pageContent).values({ pageName: "business", sectionName: "hero_title", contentValue: "Direct" });
    expect((await getPageContent("business")).hero_title).not.toBe("Direct");
    // ...and a write through the service makes every page read fresh.
    await upsertContentValue(app.handle.db, { page: "business", section: "hero_subtitle", value: "New subtitle" });
    const fresh = await getPageContent("business");
    expect(fresh.hero_title).toBe("Direct");
    expect(fresh.hero_subtitle).toBe("New subtitle");
  });

  it("creates a settings row that did not exist when it is first saved", async () => {
    const row = await upsertContentValue(app.handle.db, { page: "global", section: "support_email", value: "help@example.com" });
    expect(row).toMatchObject({ pageName: "global", sectionName: "support_email", contentType: "text" });
    expect((await getSettings()).support_email).toBe("help@example.com");
    const again = await upsertContentValue(app.handle.db, { page: "global", section: "support_email", value: "desk@example.com" });
    expect(again.id).toBe(row.id);
  });

  it("lists only active menu items, by sort order", async () => {
    await app.handle.db.insert(menuItems).values([
      { displayName: "Late", url: "/late", menuType: "header", sortOrder: 900, sectionName: "custom_1" },
      { displayName: "Hidden", url: "/hidden", menuType: "header", sortOrder: 0, sectionName: "custom_2", isActive: false },
    ]);
    await upsertContentValue(app.handle.db, { page: "home", section: "hero_title", value: "refresh" });
    const header = await getActiveMenu("header");
    expect(header.map((item) => item.displayName)).not.toContain("Hidden");
    expect(header.at(-1)?.displayName).toBe("Late");
    const orders = header.map((item) => item.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("reads the pages and menus visitors asked for before a write responds, so the next render reads nothing", async () => {
    await Promise.all([getPageContent("fees"), getSettings(), getActiveMenu("header"), getActiveMenu("footer")]);
    await app.handle.db
      .insert(menuItems)
      .values({ displayName: "Ahead", url: "/ahead", menuType: "footer", sortOrder: 950, sectionName: "custom_3" });
    await upsertContentValue(app.handle.db, { page: "global", section: "company_name", value: "Read ahead" });
    const select = vi.spyOn(app.handle.db, "select");
    try {
      const [fees, settings, header, footer] = await Promise.all([
        getPageContent("fees"),
        getSettings(),
        getActiveMenu("header"),
        getActiveMenu("footer"),
      ]);
      expect(settings.company_name).toBe("Read ahead");
      expect(footer.at(-1)?.displayName).toBe("Ahead");
      expect(fees.page_title).toBeTruthy();
      expect(header.length).toBeGreaterThan(0);
      expect(select).not.toHaveBeenCalled();
      // A page nobody asked for is read on its first use, as before.
      expect(await getPageContent("faq")).toEqual(defaultsFor("faq"));
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });
});
