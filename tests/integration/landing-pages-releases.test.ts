import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRevisions, landingPages, redirects, releases } from "~/db/schema";
import { undoGroup } from "~/features/history/revision-groups.server";
import { createBlock } from "~/features/pages/blocks/blocks";
import { pageIntents } from "~/features/pages/intents";
import { flushRedirectHits, lookupAddress, startPublicIndex } from "~/features/pages/public-index.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview } from "~/features/records/preview-context.server";
import { loader as publicLoader } from "~/routes/_public.$";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { action as redirectsAction } from "~/routes/admin.other.redirects";
import { redirectIntents } from "~/features/pages/intents";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { callRoute, postForm } from "../support/admin-routes";
import { releaseClient, stagedKeys } from "../support/releases";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("landing pages through releases on %s", (kind) => {
  const app = useTestApp(kind);
  let admin = "";
  let stopIndex: (() => Promise<void>) | undefined;
  const as = releaseClient(app, () => admin);
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    // The address index as a running site keeps it: reloaded on every content change.
    stopIndex = await startPublicIndex(() => app.handle.db, 60_000);
  });
  afterAll(async () => {
    await stopIndex?.();
  });

  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const section = async (id?: number) =>
    (await callRoute(pagesLoader, siteRequest(`/admin/other/pages${id ? `?page=${id}` : ""}`, { cookie: admin }))).body;
  const save = async (id: number, changes: { path?: string; blocks?: unknown[] } = {}) => {
    const open = (await section(id)).editor;
    return postPages({
      intent: pageIntents.save,
      id,
      version: open.version,
      title: open.page.title,
      path: changes.path ?? open.page.path,
      blocks: JSON.stringify(changes.blocks ?? open.blocks),
      seo: JSON.stringify(open.seo),
    });
  };
  const publishPage = async (id: number) => postPages({ intent: pageIntents.publish, id, version: (await section(id)).editor.version });
  const visit = (path: string) => callRoute(publicLoader, siteRequest(path));
  const sitemap = async () =>
    (await sitemapLoader({ request: siteRequest("/sitemap.xml"), params: {}, context: { nonce: "" } } as never)).text();
  const preview = async (releaseId: number, path: string) => {
    const staged = await readDraft(app.handle.db, releaseId);
    return runInPreview({ kind: "admin", release: { id: releaseId, name: "" }, staged, draft: new Map() }, () => visit(path));
  };
  const liveRow = async (id: number) => (await app.handle.db.select().from(landingPages).where(eq(landingPages.id, id)))[0];

  it("stages a new page, its edits and its block order: not public (route, sitemap, index) until publish; the preview shows it", async () => {
    const releaseId = await as.create("Весенняя страница");
    const created = await postPages({ intent: pageIntents.create, title: "Spring offer", path: "/spring-offer" });
    expect(created.body).toMatchObject({ ok: true });
    const pageId = created.body.id as number;
    expect(await liveRow(pageId)).toBeUndefined();
    // The editor and the list show the page as the release leaves it, marked as staged.
    const opened = await section(pageId);
    expect(opened.editor.page).toMatchObject({ title: "Spring offer", path: "/spring-offer" });
    expect(opened.stagedIds).toEqual([pageId]);
    const blocks = [...opened.editor.blocks, createBlock("rich_text")];
    expect((await save(pageId, { blocks })).body).toMatchObject({ ok: true });
    const reordered = [...blocks].reverse();
    expect((await save(pageId, { blocks: reordered })).body).toMatchObject({ ok: true });
    expect((await publishPage(pageId)).body).toMatchObject({ ok: true });
    expect(await stagedKeys(app, releaseId)).toEqual([`page:${pageId}`]);
    expect(
      await app.handle.db
        .select()
        .from(contentRevisions)
        .where(eq(contentRevisions.key, `page:${pageId}`)),
    ).toHaveLength(0);

    expect(await liveRow(pageId)).toBeUndefined();
    expect((await visit("/spring-offer")).status).toBe(404);
    expect(lookupAddress("/spring-offer")).toBeUndefined();
    expect(await sitemap()).not.toContain("/spring-offer");

    const previewed = await preview(releaseId, "/spring-offer");
    expect(previewed.status).toBe(200);
    expect(previewed.body.page.title).toBe("Spring offer");
    expect(previewed.body.page.blocks.map((block: { id: string }) => block.id)).toEqual(reordered.map((block) => block.id));
    expect((await visit("/spring-offer")).status).toBe(404);

    const view = (await as.view(releaseId)).body.release;
    expect(view.changes[0]).toMatchObject({ key: `page:${pageId}`, area: "pages" });
    expect(view.changes[0].revision.after).toContain("Spring offer (/spring-offer, published");

    expect((await as.release(releaseId, { intent: "publish-release" })).body).toMatchObject({ ok: true });
    expect(await liveRow(pageId)).toMatchObject({ status: "published", path: "/spring-offer" });
    // The addresses are read before the publish responds: the page answers at the next request.
    expect(lookupAddress("/spring-offer")).toEqual({ kind: "page", id: pageId });
    const visited = await visit("/spring-offer");
    expect(visited.status).toBe(200);
    expect(visited.body.page.blocks.map((block: { id: string }) => block.id)).toEqual(reordered.map((block) => block.id));
    expect(await sitemap()).toContain("/spring-offer");

    // Undoing the whole release takes the page away again.
    const [published] = await app.handle.db.select().from(releases).where(eq(releases.id, releaseId));
    expect(await undoGroup(app.handle.db, published!.publishGroupId!, null)).toBe(true);
    expect(await liveRow(pageId)).toBeUndefined();
    expect(lookupAddress("/spring-offer")).toBeUndefined();
    expect((await visit("/spring-offer")).status).toBe(404);
  });

  it("a rename staged in a release makes its 301 only when the release is published", async () => {
    await as.goLive();
    const created = await postPages({ intent: pageIntents.create, title: "Cards", path: "/cards" });
    const pageId = created.body.id as number;
    expect((await publishPage(pageId)).body).toMatchObject({ ok: true });
    expect(lookupAddress("/cards")).toEqual({ kind: "page", id: pageId });

    const releaseId = await as.create("Переезд карт");
    expect((await save(pageId, { path: "/debit-cards" })).body).toMatchObject({ ok: true });
    expect((await section(pageId)).editor.page.path).toBe("/debit-cards");
    expect(await app.handle.db.select().from(redirects)).toHaveLength(0);
    expect((await visit("/cards")).status).toBe(200);
    expect((await visit("/debit-cards")).status).toBe(404);
    // The preview shows the staged edit of the live page at its new address, and the old one redirecting.
    expect((await preview(releaseId, "/debit-cards")).status).toBe(200);
    const old = await preview(releaseId, "/cards");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/debit-cards");

    expect((await as.release(releaseId, { intent: "publish-release" })).body).toMatchObject({ ok: true });
    const [redirect] = await app.handle.db.select().from(redirects);
    expect(redirect).toMatchObject({ fromPath: "/cards", toPath: "/debit-cards", status: 301 });
    expect(lookupAddress("/cards")).toMatchObject({ kind: "redirect", location: "/debit-cards", status: 301 });
  });

  // long-function: one release, four redirects, each answered by the visitor, the preview and the published site
  it("the preview answers redirects as the release would publish them: deleted, re-aimed, moved, untouched", async () => {
    await as.goLive();
    const postRedirect = (fields: Record<string, string | number>) =>
      callRoute(redirectsAction, postForm("/admin/other/redirects", fields, admin));
    const liveRedirect = async (fromPath: string, toPath: string, status: 301 | 302) => {
      expect((await postRedirect({ intent: redirectIntents.create, fromPath, toPath, status })).body).toMatchObject({ ok: true });
      const [row] = await app.handle.db.select().from(redirects).where(eq(redirects.fromPath, fromPath));
      return row!;
    };
    const dropped = await liveRedirect("/old-promo", "/fees", 302);
    const reaimed = await liveRedirect("/old-gift", "/fees", 301);
    const moved = await liveRedirect("/old-move", "/faq", 301);
    await liveRedirect("/old-kept", "/security", 301);
    expect(lookupAddress("/old-kept")).toMatchObject({ kind: "redirect" });

    const releaseId = await as.create("Уборка переадресаций");
    expect((await postRedirect({ intent: redirectIntents.delete, id: dropped.id })).body).toMatchObject({ ok: true });
    const update = (row: typeof moved, fields: { fromPath?: string; toPath?: string; status?: number }) =>
      postRedirect({
        intent: redirectIntents.update,
        id: row.id,
        fromPath: row.fromPath,
        toPath: row.toPath,
        status: row.status,
        ...fields,
      });
    expect((await update(reaimed, { toPath: "/faq", status: 302 })).body).toMatchObject({ ok: true });
    expect((await update(moved, { fromPath: "/new-move" })).body).toMatchObject({ ok: true });
    expect(await stagedKeys(app, releaseId)).toEqual(
      [dropped.id, reaimed.id, moved.id].map((id) => `redirect:${id}`).sort((a, b) => a.localeCompare(b)),
    );

    const answered = (response: Awaited<ReturnType<typeof visit>>) =>
      response.status === 404 ? 404 : { status: response.status, location: response.headers.get("location") };
    const expectations = async (read: (path: string) => ReturnType<typeof visit>, wanted: Record<string, unknown>) => {
      for (const [path, answer] of Object.entries(wanted)) expect([path, answered(await read(path))]).toEqual([path, answer]);
    };
    const published = {
      "/old-promo": 404,
      "/old-gift?utm_source=mail": { status: 302, location: "/faq?utm_source=mail" },
      "/old-move": 404,
      "/new-move": { status: 301, location: "/faq" },
      "/old-kept": { status: 301, location: "/security" },
    };
    // Visitors keep the live redirects while the release is open.
    await expectations(visit, {
      "/old-promo": { status: 302, location: "/fees" },
      "/old-gift?utm_source=mail": { status: 301, location: "/fees?utm_source=mail" },
      "/old-move": { status: 301, location: "/faq" },
      "/new-move": 404,
      "/old-kept": { status: 301, location: "/security" },
    });
    // The preview answers what the release will publish, and counts no visitor's hit.
    await flushRedirectHits(app.handle.db);
    const hits = async () => (await app.handle.db.select().from(redirects)).map((row) => [row.id, row.hits]).sort();
    const hitsBefore = await hits();
    await expectations((path) => preview(releaseId, path), published);
    await flushRedirectHits(app.handle.db);
    expect(await hits()).toEqual(hitsBefore);

    expect((await as.release(releaseId, { intent: "publish-release" })).body).toMatchObject({ ok: true });
    expect(lookupAddress("/new-move")).toMatchObject({ kind: "redirect" });
    await expectations(visit, published);
  });

  it("'Изменения только через выпуски' refuses a direct page save with 403; inside a release it is staged", async () => {
    await as.goLive();
    await as.policies(false, true);
    const refused = await postPages({ intent: pageIntents.create, title: "Direct", path: "/direct" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("выпуск");
    expect(await app.handle.db.select().from(landingPages).where(eq(landingPages.path, "/direct"))).toHaveLength(0);
    const redirect = { intent: redirectIntents.create, fromPath: "/promo", toPath: "/fees", status: 302 };
    const postRedirect = () => callRoute(redirectsAction, postForm("/admin/other/redirects", redirect, admin));
    expect((await postRedirect()).status).toBe(403);
    const releaseId = await as.create("Через выпуск");
    const staged = await postPages({ intent: pageIntents.create, title: "Direct", path: "/direct" });
    expect(staged.body).toMatchObject({ ok: true });
    expect((await postRedirect()).body).toMatchObject({ ok: true });
    const keys = await stagedKeys(app, releaseId);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(`page:${staged.body.id}`);
    expect(keys.some((key) => key.startsWith("redirect:"))).toBe(true);
    expect(await app.handle.db.select().from(redirects).where(eq(redirects.fromPath, "/promo"))).toHaveLength(0);
    await as.goLive();
    await as.policies(false, false);
  });
});
