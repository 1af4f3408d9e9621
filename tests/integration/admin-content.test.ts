import { and, asc, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentIntents } from "~/features/content/intents";
import { defaultPageRows } from "~/features/content/catalogue/catalogue";
import { pageContent } from "~/db/schema";
import { getPageContent } from "~/features/content/read.server";
import { action, loader } from "~/routes/admin.content";
import { contentMessages } from "~/features/content/schema";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onEmbeddedDatabase)("site content tab on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  const post = (fields: Record<string, string | number>) => callRoute(action, postForm("/admin/content", fields, admin));
  const list = async () =>
    (await callRoute(loader, siteRequest("/admin/content", { cookie: admin }))).body.rows as {
      id: number;
      pageName: string;
      sectionName: string;
      contentValue: string;
    }[];
  const row = async (page: string, section: string) =>
    (
      await app.handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    )[0];
  const nonGlobalRows = () =>
    app.handle.db
      .select({
        pageName: pageContent.pageName,
        sectionName: pageContent.sectionName,
        contentType: pageContent.contentType,
        contentValue: pageContent.contentValue,
      })
      .from(pageContent)
      .where(ne(pageContent.pageName, "global"))
      .orderBy(asc(pageContent.pageName), asc(pageContent.sectionName));

  it("starts empty: a fresh database holds no page content", async () => {
    expect(await list()).toEqual([]);
  });

  it("Initialize All Content writes exactly the catalogue defaults and keeps settings and page links", async () => {
    await app.handle.db.insert(pageContent).values([
      { pageName: "global", sectionName: "company_name", contentValue: "Kept Ltd" },
      { pageName: "about", sectionName: "page_url", contentType: "url", contentValue: "about", pageUrl: "/about" },
      { pageName: "home", sectionName: "hero_title", contentValue: "Old title" },
      { pageName: "home", sectionName: "stray_section", contentValue: "Removed" },
    ]);
    await getPageContent("home");
    expect(await post({ intent: contentIntents.initialize })).toMatchObject({ status: 200, body: { ok: true } });
    const expected = [
      ...defaultPageRows().map((entry) => ({ ...entry, pageName: entry.pageName as string })),
      { pageName: "about", sectionName: "page_url", contentType: "url", contentValue: "about" },
    ].sort((a, b) => a.pageName.localeCompare(b.pageName) || a.sectionName.localeCompare(b.sectionName));
    const actual = await nonGlobalRows();
    expect(actual).toEqual(
      expected.map(({ pageName, sectionName, contentType, contentValue }) => ({ pageName, sectionName, contentType, contentValue })),
    );
    expect((await row("global", "company_name"))?.contentValue).toBe("Kept Ltd");
    expect((await getPageContent("home")).hero_title).toBe(
      defaultPageRows().find((entry) => entry.sectionName === "hero_title" && entry.pageName === "home")!.contentValue,
    );
    // Running it twice is harmless.
    expect(await post({ intent: contentIntents.initialize })).toMatchObject({ status: 200 });
    expect(await nonGlobalRows()).toEqual(actual);
  });

  it("lists non-global rows by page then section, without page links, legal texts as an excerpt", async () => {
    const rows = await list();
    expect(rows.length).toBe(defaultPageRows().length);
    const keys = rows.map((entry) => `${entry.pageName}/${entry.sectionName}`);
    expect(keys).toEqual([...keys].sort());
    expect(keys).not.toContain("about/page_url");
    const terms = rows.find((entry) => entry.pageName === "terms" && entry.sectionName === "page_content")!;
    expect(terms.contentValue).not.toContain("<");
    expect(terms.contentValue).toMatch(/^Terms of Service This page/);
  });

  it("saves a value by id and the public page shows it at the next request", async () => {
    const title = await row("home", "hero_title");
    await getPageContent("home");
    expect(await post({ intent: contentIntents.update, id: title!.id, contentValue: "Pay smarter" })).toMatchObject({
      status: 200,
      body: { ok: true, intent: contentIntents.update },
    });
    expect((await row("home", "hero_title"))?.contentValue).toBe("Pay smarter");
    expect((await getPageContent("home")).hero_title).toBe("Pay smarter");
  });

  it("refuses a value over 200000 characters, an unknown row and a global setting", async () => {
    const title = await row("home", "hero_title");
    const long = await post({ intent: contentIntents.update, id: title!.id, contentValue: "x".repeat(200_001) });
    expect(long).toMatchObject({ status: 400, body: { ok: false, message: contentMessages.contentTooLong } });
    expect(long.body.fieldErrors.contentValue).toEqual([contentMessages.contentTooLong]);
    expect(await post({ intent: contentIntents.update, id: 99_999, contentValue: "x" })).toMatchObject({
      status: 404,
      body: { message: contentMessages.notFound },
    });
    const setting = await row("global", "company_name");
    expect(await post({ intent: contentIntents.update, id: setting!.id, contentValue: "Hacked" })).toMatchObject({ status: 404 });
    expect(await post({ intent: contentIntents.delete, id: setting!.id })).toMatchObject({ status: 404 });
    expect((await row("global", "company_name"))?.contentValue).toBe("Kept Ltd");
    expect((await row("home", "hero_title"))?.contentValue).toBe("Pay smarter");
  });

  it("adds a section, refuses a duplicate and each broken rule with its message", async () => {
    const add = (fields: Record<string, string>) =>
      post({
        intent: contentIntents.add,
        pageName: "home",
        sectionName: "promo_banner",
        contentType: "text",
        contentValue: "Spring offer",
        ...fields,
      });
    expect(await add({})).toMatchObject({ status: 200, body: { ok: true } });
    expect(await row("home", "promo_banner")).toMatchObject({ contentType: "text", contentValue: "Spring offer" });
    expect((await getPageContent("home")).promo_banner).toBe("Spring offer");
    expect(await add({ contentValue: "Again" })).toMatchObject({
      status: 409,
      body: { message: contentMessages.duplicate, fieldErrors: { sectionName: [contentMessages.duplicate] } },
    });
    for (const [fields, field, message] of [
      [{ pageName: "" }, "pageName", contentMessages.pageNameRequired],
      [{ pageName: "p".repeat(51) }, "pageName", contentMessages.pageNameTooLong],
      [{ sectionName: "" }, "sectionName", contentMessages.sectionNameRequired],
      [{ sectionName: "s".repeat(51) }, "sectionName", contentMessages.sectionNameTooLong],
      [{ sectionName: "other", contentValue: "v".repeat(200_001) }, "contentValue", contentMessages.contentTooLong],
      [{ pageName: "global", sectionName: "favicon_url" }, "pageName", contentMessages.globalReserved],
    ] as const) {
      const answer = await add(fields);
      expect(answer).toMatchObject({ status: 400, body: { ok: false, message } });
      expect(answer.body.fieldErrors[field]).toContain(message);
    }
    expect(await row("home", "other")).toBeUndefined();
    expect(await row("global", "favicon_url")).toBeUndefined();
  });

  it("stores HTML values sanitised, whoever sends them", async () => {
    const html = '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>';
    expect(
      await post({ intent: contentIntents.add, pageName: "home", sectionName: "promo_html", contentType: "rich_text", contentValue: html }),
    ).toMatchObject({
      status: 200,
    });
    const stored = (await row("home", "promo_html"))!;
    expect(stored.contentValue).not.toMatch(/script|onclick|javascript/);
    const privacy = (await row("privacy", "page_content"))!;
    await app.handle.db
      .update(pageContent)
      .set({ richContent: { ops: [{ insert: "Privacy\n" }] } })
      .where(eq(pageContent.id, privacy.id));
    expect(await post({ intent: contentIntents.update, id: privacy.id, contentValue: `<h2>Privacy</h2>${html}` })).toMatchObject({
      status: 200,
    });
    const updated = (await row("privacy", "page_content"))!;
    expect(updated.contentValue).toContain("<h2>Privacy</h2>");
    expect(updated.contentValue).not.toMatch(/script|onclick|javascript/);
    // The legal editor's own document no longer matches, so it is dropped.
    expect(updated.richContent).toBeNull();
  });

  it("deletes a section, and the public page falls back to its default", async () => {
    const title = await row("home", "hero_title");
    await getPageContent("home");
    expect(await post({ intent: contentIntents.delete, id: title!.id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await row("home", "hero_title")).toBeUndefined();
    expect((await getPageContent("home")).hero_title).toBe("The smart and simple e-wallet");
    expect(await post({ intent: contentIntents.delete, id: title!.id })).toMatchObject({
      status: 404,
      body: { message: contentMessages.notFound },
    });
  });

  it("reports a failed Initialize All Content with its step and keeps the previous content", async () => {
    const before = await nonGlobalRows();
    // A trigger that refuses deletes makes the clearing step fail inside the transaction.
    await app.handle.db.execute(
      sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'deletes are disabled'; end $$`,
    );
    await app.handle.db.execute(
      sql`create trigger refuse_delete before delete on page_content for each row execute function refuse_delete()`,
    );
    try {
      const answer = await post({ intent: contentIntents.initialize });
      expect(answer.status).toBe(500);
      expect(answer.body.message).toMatch(/^Failed to clear existing content: /);
      expect(answer.body.message).toContain("deletes are disabled");
    } finally {
      await app.handle.db.execute(sql`drop trigger refuse_delete on page_content`);
    }
    expect(await nonGlobalRows()).toEqual(before);
    await app.handle.db.execute(
      sql`create trigger refuse_insert before insert on page_content for each row execute function refuse_delete()`,
    );
    try {
      const answer = await post({ intent: contentIntents.initialize });
      expect(answer.body.message).toMatch(/^Failed to initialize content: /);
    } finally {
      await app.handle.db.execute(sql`drop trigger refuse_insert on page_content`);
    }
    // The delete of the same transaction was rolled back.
    expect(await nonGlobalRows()).toEqual(before);
  });
});
