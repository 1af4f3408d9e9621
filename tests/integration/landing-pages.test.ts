import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landingPages, menuItems, redirects } from "~/db/schema";
import { pageIntents, redirectIntents } from "~/features/pages/intents";
import { flushRedirectHits, lookupAddress } from "~/features/pages/public-index.server";
import { createBlock } from "~/features/pages/blocks/blocks";
import { blockMessages } from "~/features/pages/blocks/fields";
import { action as historyAction, loader as historyLoader } from "~/routes/admin.history";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { action as redirectsAction, loader as redirectsLoader } from "~/routes/admin.other.redirects";
import { loader as publicLoader } from "~/routes/_public.$";
import { loader as layoutLoader } from "~/routes/_public";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onBothDatabases)("landing pages and redirects on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const postRedirects = (fields: Record<string, string | number>) =>
    callRoute(redirectsAction, postForm("/admin/other/redirects", fields, admin));
  const editor = async (id: number) =>
    (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${id}`, { cookie: admin }))).body.editor;
  const create = async (title: string, path: string) => postPages({ intent: pageIntents.create, title, path });
  const save = async (id: number, changes: { path?: string; blocks?: unknown; title?: string } = {}) => {
    const open = await editor(id);
    return postPages({
      intent: pageIntents.save,
      id,
      version: open.version,
      title: changes.title ?? open.page.title,
      path: changes.path ?? open.page.path,
      blocks: JSON.stringify(changes.blocks ?? open.blocks),
      seo: JSON.stringify(open.seo),
    });
  };
  const publish = async (id: number) => postPages({ intent: pageIntents.publish, id, version: (await editor(id)).version });
  const visit = (path: string) => callRoute(publicLoader, siteRequest(path));

  it("refuses malformed, reserved and colliding addresses, the tricky ones included", async () => {
    const refusals = [
      "/admin",
      "/admin/offer",
      "/api/x",
      "/uploads/x",
      "/assets/app.js",
      "/sitemap.xml",
      "/robots.txt",
      "/fees",
      "/",
      "/a/../admin",
      "/a%2Fb",
      "/%2e%2e/x",
      "/оffer", // a Cyrillic "о"
      "/off er",
      "/offer/",
      "//evil.example",
      "offer",
      "/ofﬁce", // a ligature look-alike
    ];
    for (const path of refusals) {
      const answer = await create("Offer", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.fieldErrors.path, path).toBeDefined();
    }
    expect(await app.handle.db.select().from(landingPages)).toHaveLength(0);
  });

  it("creates a page (address lower-cased) with a disclaimer by policy and refuses a second page at its address", async () => {
    const created = await create("Business account", "/Business-Account");
    expect(created.body).toMatchObject({ ok: true });
    const [row] = await app.handle.db.select().from(landingPages);
    expect(row).toMatchObject({ path: "/business-account", status: "draft" });
    expect((row!.blocks as { type: string }[]).map((block) => block.type)).toEqual(["hero", "disclaimer"]);
    expect((await create("Other", "/business-account")).body.fieldErrors.path[0]).toBe("Этот адрес уже занят другой страницей");
    expect((await visit("/business-account")).status).toBe(404);
  });

  it("checks every block by its schema and names each field that fails; refuses publishing without the disclaimer", async () => {
    const [row] = await app.handle.db.select().from(landingPages);
    const hero = createBlock("hero");
    const broken = {
      ...hero,
      data: { ...hero.data, title: "", primaryUrl: "javascript:alert(1)", image: { src: "/uploads/x.png", alt: "", decorative: false } },
    };
    const answer = await save(row!.id, { blocks: [broken] });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors)).toEqual(
      expect.arrayContaining(["blocks.0.title", "blocks.0.primaryUrl", "blocks.0.image.alt"]),
    );
    expect((await save(row!.id, { blocks: [hero] })).body).toMatchObject({ ok: true });
    const refused = await publish(row!.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Предупреждение о рисках");
    expect((await save(row!.id, { blocks: [hero, createBlock("disclaimer"), createBlock("rich_text")] })).body).toMatchObject({ ok: true });
    expect((await publish(row!.id)).body).toMatchObject({ ok: true });
  });

  it("serves a published page, sanitises rich text and repairs invalid stored blocks from their defaults", async () => {
    const [row] = await app.handle.db.select().from(landingPages);
    const blocks = row!.blocks as { type: string; data: Record<string, unknown> }[];
    blocks[2]!.data = { html: '<p onclick="x()">Hi<script>alert(1)</script></p>' };
    blocks[0]!.data = { ...blocks[0]!.data, title: 42, primaryUrl: null };
    await app.handle.db.update(landingPages).set({ blocks }).where(eq(landingPages.id, row!.id));
    const { clearContentCache } = await import("~/features/content/read.server");
    clearContentCache();
    const answer = await visit("/Business-Account?utm_source=mail");
    expect(answer.status).toBe(200);
    const page = answer.body.page;
    expect(page.blocks[0].data.title).toBe("A wallet for everything you pay for");
    expect(page.blocks[0].data.primaryUrl).toBe("/signup");
    expect(page.blocks[2].data.html).toBe("<p>Hi</p>");
    expect(lookupAddress("/business-account")).toEqual({ kind: "page", id: row!.id });
    const xml = await (await sitemapLoader({ request: siteRequest("/sitemap.xml"), params: {}, context: { nonce: "" } } as never)).text();
    expect(xml).toContain("<loc>http://localhost:3000/business-account</loc>");
  });

  it("leaves a 301 from the old address on rename, follows the page in menus, collapses chains and takes an address back", async () => {
    const [row] = await app.handle.db.select().from(landingPages);
    await app.handle.db.insert(menuItems).values({
      displayName: "Business landing",
      url: `page:${row!.id}`,
      menuType: "header",
      sortOrder: 9,
      sectionName: "business-landing",
    });
    expect((await save(row!.id, { path: "/business" })).body.fieldErrors.path[0]).toBe("Этот адрес занят страницей сайта");
    expect((await save(row!.id, { path: "/for-business" })).body).toMatchObject({ ok: true });
    expect(lookupAddress("/business-account", "utm_source=mail")).toMatchObject({
      kind: "redirect",
      location: "/for-business?utm_source=mail",
      status: 301,
    });
    const layout = (await callRoute(layoutLoader, siteRequest("/"))).body;
    expect(layout.headerMenu.find((item: { label: string }) => item.label === "Business landing").url).toBe("/for-business");
    // A second rename re-aims the first redirect: one hop from either old address.
    expect((await save(row!.id, { path: "/business-pro" })).body).toMatchObject({ ok: true });
    const rows = await app.handle.db.select().from(redirects);
    expect(rows.map((redirect) => [redirect.fromPath, redirect.toPath]).sort()).toEqual([
      ["/business-account", "/business-pro"],
      ["/for-business", "/business-pro"],
    ]);
    // Back to an old address: its redirect to the page goes, the others point at it.
    expect((await save(row!.id, { path: "/for-business" })).body).toMatchObject({ ok: true });
    const after = await app.handle.db.select().from(redirects);
    expect(after.map((redirect) => [redirect.fromPath, redirect.toPath]).sort()).toEqual([
      ["/business-account", "/for-business"],
      ["/business-pro", "/for-business"],
    ]);
    expect(lookupAddress("/for-business")).toMatchObject({ kind: "page" });
  });

  it("manages redirects by hand: collapsed chains, refused loops and sources, hit counts", async () => {
    expect(
      (await postRedirects({ intent: redirectIntents.create, fromPath: "/gift", toPath: "/business-pro", status: 302 })).body,
    ).toMatchObject({
      ok: true,
    });
    const [gift] = await app.handle.db.select().from(redirects).where(eq(redirects.fromPath, "/gift"));
    expect(gift).toMatchObject({ toPath: "/for-business", status: 302 });
    const loop = await postRedirects({ intent: redirectIntents.create, fromPath: "/for-business-x", toPath: "/gift", status: 301 });
    expect(loop.body).toMatchObject({ ok: true });
    const cycle = await postRedirects({ intent: redirectIntents.create, fromPath: "/a-loop", toPath: "/a-loop", status: 301 });
    expect(cycle.status).toBe(400);
    await postRedirects({ intent: redirectIntents.create, fromPath: "/one", toPath: "/two", status: 301 });
    const back = await postRedirects({ intent: redirectIntents.create, fromPath: "/two", toPath: "/one", status: 301 });
    expect(back.body.fieldErrors.toPath[0]).toBe("Переадресация замкнётся в цикл");
    for (const fromPath of ["/for-business", "/admin/x", "/%2e%2e/x", "/gift"]) {
      expect((await postRedirects({ intent: redirectIntents.create, fromPath, toPath: "/", status: 301 })).status, fromPath).toBe(400);
    }
    const redirect = lookupAddress("/GIFT");
    expect(redirect).toMatchObject({ kind: "redirect", location: "/for-business", status: 302 });
    if (redirect?.kind === "redirect") redirect.hit?.();
    expect((await visit("/gift")).status).toBe(302);
    await flushRedirectHits(app.handle.db);
    const listed = (await callRoute(redirectsLoader, siteRequest("/admin/other/redirects", { cookie: admin }))).body.redirects;
    expect(listed.find((row: { fromPath: string }) => row.fromPath === "/gift")).toMatchObject({ hits: 2, lastHitAt: expect.any(String) });
  });

  it("unpublishes to 404 or to a chosen redirect, deletes, and restores a deleted page from history", async () => {
    const [row] = await app.handle.db.select().from(landingPages);
    const id = row!.id;
    const version = async () => (await editor(id)).version;
    expect((await postPages({ intent: pageIntents.unpublish, id, version: await version(), redirectTo: "" })).body).toMatchObject({
      ok: true,
    });
    expect((await visit("/for-business")).status).toBe(404);
    await publish(id);
    expect((await postPages({ intent: pageIntents.unpublish, id, version: await version(), redirectTo: "/fees" })).body).toMatchObject({
      ok: true,
    });
    expect(lookupAddress("/for-business")).toMatchObject({ kind: "redirect", location: "/fees", status: 302 });
    await publish(id);
    expect((await postPages({ intent: pageIntents.delete, id, version: await version() })).body).toMatchObject({ ok: true });
    expect((await visit("/for-business")).status).toBe(404);
    const deleted = (await callRoute(historyLoader, siteRequest("/admin/history", { cookie: admin }))).body.deleted;
    const revision = deleted.find((entry: { key: string }) => entry.key === `page:${id}`);
    expect(revision).toBeDefined();
    const restored = await callRoute(
      historyAction,
      postForm("/admin/history", { intent: "restore-revision", key: `page:${id}`, revisionId: revision.id }, admin),
    );
    expect(restored.body).toMatchObject({ ok: true });
    expect((await visit("/for-business")).status).toBe(200);
    // The id sequence moved past the restored id: a new page gets a new one.
    expect((await create("Later", "/later")).body).toMatchObject({ ok: true, id: expect.any(Number) });
  });

  it("records a revision and an activity event per key written", async () => {
    const { contentRevisions, activityEvents } = await import("~/db/schema");
    const revisions = await app.handle.db.select().from(contentRevisions);
    expect(revisions.some((revision) => revision.key.startsWith("page:") && revision.area === "pages")).toBe(true);
    expect(revisions.some((revision) => revision.key.startsWith("redirect:") && revision.area === "redirects")).toBe(true);
    const events = await app.handle.db.select().from(activityEvents);
    expect(events.filter((event) => event.area === "pages" || event.area === "redirects").length).toBe(
      revisions.filter((revision) => revision.area === "pages" || revision.area === "redirects").length,
    );
  });

  it("keeps the rich-text editor's formatting through the legal sanitiser and drops anything else; over-long text is refused at its field", async () => {
    const created = await create("Rich text", "/rich-text-offer");
    const id = created.body.id as number;
    // What the editor sends (Quill's semantic HTML for every toolbar button) ...
    const fromEditor =
      '<h2>Terms</h2><p class="ql-align-center"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s>, ' +
      '<a href="https://example.com/terms" target="_blank">terms</a><br></p><ol><li>One</li></ol><ul><li class="ql-indent-1">Two</li></ul>';
    // ... and what a hand-made post could add to it.
    const hostile =
      '<p style="color:red" onclick="steal()" class="evil ql-align-right">Hi<img src="x" onerror="alert(1)"><script>alert(2)</script></p>' +
      '<a href="javascript:alert(3)">x</a><iframe src="https://evil.example/"></iframe>';
    const kept =
      '<h2>Terms</h2><p class="ql-align-center"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s>, ' +
      '<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a><br /></p><ol><li>One</li></ol>' +
      '<ul><li class="ql-indent-1">Two</li></ul><p class="ql-align-right">Hi</p><a>x</a>';
    const opened = await editor(id);
    const richText = { ...createBlock("rich_text"), data: { html: fromEditor + hostile } };
    expect((await save(id, { blocks: [...opened.blocks, richText] })).body).toMatchObject({ ok: true });
    const storedHtml = async () => {
      const [row] = await app.handle.db.select().from(landingPages).where(eq(landingPages.id, id));
      return (row!.blocks as { type: string; data: { html?: string } }[]).find((block) => block.type === "rich_text")!.data.html;
    };
    expect(await storedHtml()).toBe(kept);
    // The editor opens on the sanitised text, and the published page shows it.
    expect((await editor(id)).blocks.at(-1).data.html).toBe(kept);
    expect((await publish(id)).body).toMatchObject({ ok: true });
    expect((await visit("/rich-text-offer")).body.page.blocks.at(-1).data.html).toBe(kept);

    // The block's Zod schema still holds: the error is named after the editor's field.
    const tooLong = { ...richText, data: { html: `<p>${"x".repeat(100_000)}</p>` } };
    const refused = await save(id, { blocks: [...opened.blocks, tooLong] });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors[`blocks.${opened.blocks.length}.html`]).toEqual([blockMessages.tooLong]);
    expect(await storedHtml()).toBe(kept);
  });
});
