import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { legalPlaceholder } from "~/features/content/catalogue/legal";
import { pageContent } from "~/db/schema";
import { loadLegalPage } from "~/features/content/legal/pages.server";
import { action, loader } from "~/routes/admin.legal";
import { contentRow, siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/settings-routes";

const delta = JSON.stringify({ ops: [{ insert: "Our terms\n" }] });
const saveFields = (page: string, content: string) => ({
  intent: "save-legal-page",
  page_name: page,
  section_name: "page_content",
  content,
  rich_content: delta,
});

// Payloads from the usual XSS cheat sheets, each posted straight to the action.
const payloads = [
  "<script>alert('xss')</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  "<svg><script>alert(1)</script></svg>",
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<form action="https://evil.example"><input autofocus onfocus="alert(1)"></form>',
  '<body onload="alert(1)"><base href="https://evil.example/">',
  '<a href="//evil.example">protocol-relative</a>',
];

function expectHarmless(html: string) {
  expect(html).not.toMatch(/<(script|iframe|img|svg|math|object|embed|form|input|style|base|body)\b/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/style\s*=/i);
  expect(html).not.toMatch(/href\s*=\s*"\s*(javascript|data|vbscript):/i);
  expect(html).not.toMatch(/href\s*=\s*"\/\//i);
}

describe.each(onEmbeddedDatabase)("legal pages actions on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);

  const post = (fields: Record<string, string>, cookie = signedIn.admin) => callRoute(action, postForm("/admin/legal", fields, cookie));
  const legalRow = (page: string) => contentRow(app, page, "page_content");

  it("refuses anonymous and non-admin requests", async () => {
    expect((await callRoute(loader, siteRequest("/admin/legal"))).status).toBe(401);
    expect((await callRoute(loader, siteRequest("/admin/legal", { cookie: signedIn.member }))).status).toBe(403);
    for (const fields of [{ intent: "init-legal-pages" }, saveFields("terms", "<p>Hacked</p>")]) {
      expect((await callRoute(action, postForm("/admin/legal", fields))).status).toBe(401);
      expect((await post(fields, signedIn.member)).status).toBe(403);
    }
    expect(await legalRow("terms")).toBeUndefined();
  });

  it("answers 'Страница не найдена' when saving a page that does not exist yet", async () => {
    const loaded = await callRoute(loader, siteRequest("/admin/legal", { cookie: signedIn.admin }));
    expect(loaded.body.pages.map((entry: { exists: boolean }) => entry.exists)).toEqual([false, false, false]);
    const answer = await post(saveFields("terms", "<p>Text</p>"));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ ok: false, code: "not_found", message: "Страница не найдена" });
    expect(await legalRow("terms")).toBeUndefined();
  });

  it("'Создать' creates all three pages and keeps existing ones when run again", async () => {
    expect((await post({ intent: "init-legal-pages" })).body).toEqual({ ok: true, intent: "init-legal-pages" });
    for (const page of ["terms", "privacy", "aml-kyc"] as const) {
      expect(await legalRow(page)).toMatchObject({ contentType: "rich_text", contentValue: legalPlaceholder(page) });
    }
    expect((await post(saveFields("privacy", "<h2>Privacy</h2><p>Kept</p>"))).status).toBe(200);
    expect((await post({ intent: "init-legal-pages" })).status).toBe(200);
    expect((await legalRow("privacy"))?.contentValue).toBe("<h2>Privacy</h2><p>Kept</p>");
  });

  it("saves the HTML and the Delta, and /terms shows the new text at once", async () => {
    expect((await loadLegalPage("terms")).html).toContain("has not been written yet");
    const html =
      '<h1>Our terms</h1><p class="ql-align-center">Read <a href="https://example.com" target="_blank" rel="noopener noreferrer">this</a></p>';
    expect((await post(saveFields("terms", html))).body).toEqual({ ok: true, intent: "save-legal-page" });
    const row = await legalRow("terms");
    expect(row?.contentValue).toBe(html);
    expect(row?.richContent).toEqual(JSON.parse(delta));
    expect((await loadLegalPage("terms")).html).toBe(html);
  });

  it.each(payloads)("stores and renders %j harmless", async (payload) => {
    const answer = await post(saveFields("aml-kyc", `<p>Before</p>${payload}<p>After</p>`));
    expect(answer.status).toBe(200);
    const stored = (await legalRow("aml-kyc"))!.contentValue;
    expectHarmless(stored);
    // NOTE: an unclosed payload may swallow what follows it; what came before always stays.
    expect(stored.startsWith("<p>Before</p>")).toBe(true);
    expectHarmless((await loadLegalPage("aml-kyc")).html);
  });

  it("renders harmless HTML written to the database by any other path", async () => {
    await app.handle.db
      .update(pageContent)
      .set({ contentValue: '<p onclick="alert(1)">x</p><script>alert(1)</script><a href="javascript:alert(1)">y</a>' })
      .where(and(eq(pageContent.pageName, "privacy"), eq(pageContent.sectionName, "page_content")));
    const { notifyContentChanged } = await import("~/features/content/read.server");
    await notifyContentChanged(app.handle.db);
    const html = (await loadLegalPage("privacy")).html;
    expectHarmless(html);
    expect(html).toBe("<p>x</p><a>y</a>");
    const loaded = await callRoute(loader, siteRequest("/admin/legal", { cookie: signedIn.admin }));
    expectHarmless(loaded.body.pages.find((entry: { page: string }) => entry.page === "privacy").html);
  });

  it.each([
    [{ page_name: "home" }, "Неизвестная юридическая страница"],
    [{ section_name: "hero_title" }, "Раздел должен называться page_content"],
    [{ content: "x".repeat(200_001) }, "Текст страницы слишком длинный: не более 200000 символов"],
    [{ rich_content: "{not json" }, "Данные редактора повреждены: ожидается Delta в формате JSON"],
  ])("refuses %j with 'Ошибка валидации' and its reason, saving nothing", async (overrides, reason) => {
    const before = await legalRow("terms");
    const answer = await post({ ...saveFields("terms", "<p>Changed</p>"), ...overrides });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, code: "validation", message: reason });
    expect((await legalRow("terms"))?.contentValue).toBe(before?.contentValue);
  });

  it("reopens the editor from the Delta only while it matches the stored text", async () => {
    const loaded = await callRoute(loader, siteRequest("/admin/legal", { cookie: signedIn.admin }));
    const terms = loaded.body.pages.find((entry: { page: string }) => entry.page === "terms");
    expect(terms.delta).toBeNull(); // the Delta says "Our terms", the page also has a link text
    await post({ ...saveFields("terms", "<p>Our terms</p>") });
    const again = await callRoute(loader, siteRequest("/admin/legal", { cookie: signedIn.admin }));
    expect(again.body.pages.find((entry: { page: string }) => entry.page === "terms").delta).toEqual(JSON.parse(delta));
  });
});
