import type { AddressInfo } from "node:net";
import express from "express";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityEvents, releaseChanges, releaseReviewLinks, releases } from "~/db/schema";
import { clearContentCache, getActiveMenu, getPageContent } from "~/features/content/read.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview, runOutsidePreview, type PreviewState } from "~/features/records/preview-context.server";
import { previewCookieValue, readPreviewCookie, readReviewToken } from "~/features/releases/preview/preview-token.server";
import { recognisePreview } from "~/features/releases/preview/recognise.server";
import { previewHref, previewPathFor } from "~/features/releases/preview/preview";
import { createReviewLink, openReviewLink, revokeReviewLink } from "~/features/releases/preview/review-links.server";
import { loader as startLoader } from "~/routes/admin.preview";
import { action as linksAction, loader as linksLoader } from "~/routes/admin.preview.links";
import { loader as reviewLoader } from "~/routes/preview.r.$token";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp, type TestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";
import { hasPreviewCookie, markPreviewResponse, previewOf, previewRecognition } from "../../server/http/preview";
import { securityHeaders } from "../../server/http/security";

const STAGED = "Staged-only text 7f3a";

async function stageRelease(app: TestApp, name = "Новые тарифы с 1 февраля") {
  const db = app.handle.db;
  const [release] = await db.insert(releases).values({ name }).returning();
  await db.insert(releaseChanges).values([
    {
      releaseId: release!.id,
      key: "home/hero_title",
      area: "content",
      staged: { pageName: "home", sectionName: "hero_title", contentType: "text", contentValue: STAGED, richContent: null, pageUrl: null },
    },
    {
      releaseId: release!.id,
      key: "menu:900001",
      area: "menu",
      staged: {
        id: 900001,
        displayName: "Staged link",
        url: "/fees",
        menuType: "header",
        sortOrder: 0,
        sectionName: "header",
        isActive: true,
      },
    },
  ]);
  return release!;
}

/** The preview middleware behind the site's security headers, answering what the router would see. */
async function previewSite() {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  app.use(securityHeaders({ https: false, development: false }));
  app.use(previewRecognition);
  app.use(async (_req, res) => {
    const preview = previewOf(res);
    const content = await (preview ? runInPreview(preview, () => getPageContent("home")) : getPageContent("home"));
    res.json({
      preview: Boolean(preview),
      kind: preview?.kind ?? null,
      title: content.hero_title,
      draft: Object.fromEntries(preview?.draft ?? []),
    });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(onBothDatabases)("release preview on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  let member: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    member = await signUpAndGetCookie(app.auth, "member@example.com");
    // The first account becomes the administrator when it first asks for an admin page.
    await callRoute(linksLoader, siteRequest("/admin/preview/links", { cookie: admin }));
  });

  it("reads the release's staged values only inside a preview, and never into the shared caches", async () => {
    const release = await stageRelease(app);
    clearContentCache();
    const liveBefore = await getPageContent("home");
    const staged = await readDraft(app.handle.db, release.id);
    const state: PreviewState = {
      kind: "admin",
      release: { id: release.id, name: release.name },
      staged,
      draft: new Map([["home/hero_subtitle", "Typed, not saved"]]),
    };
    const previewed = await runInPreview(state, () => getPageContent("home"));
    expect(previewed.hero_title).toBe(STAGED);
    expect(previewed.hero_subtitle).toBe("Typed, not saved");
    const menu = await runInPreview(state, () => getActiveMenu("header"));
    expect(menu.map((item) => item.displayName)).toContain("Staged link");
    // Outside the preview, and in work started from it that names no preview, the live site.
    expect((await getPageContent("home")).hero_title).not.toBe(STAGED);
    expect(await getPageContent("home")).toBe(liveBefore);
    expect((await runInPreview(state, () => runOutsidePreview(() => getPageContent("home")))).hero_title).not.toBe(STAGED);
    expect((await getActiveMenu("header")).map((item) => item.displayName)).not.toContain("Staged link");
  });

  it("signs the preview cookie: forged, altered or expired values are refused", () => {
    const value = previewCookieValue({ kind: "admin", releaseId: 3, expires: Date.now() + 60_000 });
    expect(readPreviewCookie(value)).toMatchObject({ kind: "admin", releaseId: 3 });
    expect(readPreviewCookie(value.replace("a.3.", "a.4."))).toBeUndefined();
    expect(readPreviewCookie(value.replace(/^a/, "r"))).toBeUndefined();
    expect(readPreviewCookie(value, Date.now() + 120_000)).toBeUndefined();
    expect(readPreviewCookie("a.3.1999999999999.forged")).toBeUndefined();
  });

  it("starts an administrator's preview only for an administrator and a known release", async () => {
    const release = await stageRelease(app);
    const path = `/admin/preview?release=${release.id}&path=/fees`;
    expect((await callRoute(startLoader, siteRequest(path))).status).toBe(401);
    expect((await callRoute(startLoader, siteRequest(path, { cookie: member }))).status).toBe(403);
    expect((await callRoute(startLoader, siteRequest("/admin/preview?release=999999", { cookie: admin }))).status).toBe(404);
    expect((await callRoute(startLoader, siteRequest("/admin/preview?path=https://evil.example", { cookie: admin }))).status).toBe(400);
    expect((await callRoute(startLoader, siteRequest("/admin/preview?path=//evil.example", { cookie: admin }))).status).toBe(400);
    const started = await callRoute(startLoader, siteRequest(path, { cookie: admin }));
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe("/fees");
    const cookie = started.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(readPreviewCookie(/release_preview=([^;]+)/.exec(cookie)![1])).toMatchObject({ kind: "admin", releaseId: release.id });
  });

  it("recognises a preview cookie with an administrator's session only", async () => {
    const release = await stageRelease(app);
    const value = previewCookieValue({ kind: "admin", releaseId: release.id, expires: Date.now() + 60_000 });
    const asAdmin = await recognisePreview(siteRequest("/", { cookie: admin }), value);
    expect(asAdmin.kind === "preview" && asAdmin.state.release?.name).toBe(release.name);
    expect((await recognisePreview(siteRequest("/", { cookie: member }), value)).kind).toBe("ignored");
    expect((await recognisePreview(siteRequest("/"), value)).kind).toBe("ignored");
    const unknownRelease = previewCookieValue({ kind: "admin", releaseId: 999_999, expires: Date.now() + 60_000 });
    expect((await recognisePreview(siteRequest("/", { cookie: admin }), unknownRelease)).kind).toBe("ignored");
  });

  it("reviewer links: signed, logged at each opening, expiring, revocable, and refused clearly", async () => {
    const release = await stageRelease(app);
    const created = await callRoute(
      linksAction,
      postForm("/admin/preview/links", { intent: "create-review-link", releaseId: release.id }, admin),
    );
    expect(created.body).toMatchObject({ ok: true });
    const url = new URL(created.body.url as string);
    const token = url.pathname.split("/").pop()!;
    expect(readReviewToken(token)).toBeDefined();
    const [row] = await app.handle.db.select().from(releaseReviewLinks).where(eq(releaseReviewLinks.releaseId, release.id));
    // Seven days by default, and only the token's hash is stored.
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(row!.tokenHash).not.toContain(token);

    for (let opening = 0; opening < 2; opening += 1) {
      const opened = await callRoute(reviewLoader, siteRequest(url.pathname), { token });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/");
      expect(opened.headers.get("set-cookie")).toMatch(/^release_preview=r\./);
    }
    const openings = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "release.review_link_opened"));
    expect(openings.filter((event) => event.target === String(release.id))).toHaveLength(2);

    const reviewerCookie = previewCookieValue({ kind: "reviewer", linkId: row!.id, expires: Date.now() + 60_000 });
    const recognised = await recognisePreview(siteRequest("/"), reviewerCookie);
    expect(recognised.kind === "preview" && recognised.state.kind).toBe("reviewer");

    // A forged token (another signature) and an unknown one are refused as not found.
    expect((await callRoute(reviewLoader, siteRequest("/preview/r/x"), { token: `${token.slice(0, -3)}abc` })).status).toBe(404);
    expect((await callRoute(reviewLoader, siteRequest("/preview/r/x"), { token: "1.2.3" })).status).toBe(404);

    // Revoked: the link and a reviewer already looking are both refused, and nothing is logged.
    const revoke = { intent: "revoke-review-link", releaseId: release.id, linkId: row!.id };
    expect((await callRoute(linksAction, postForm("/admin/preview/links", revoke, member))).status).toBe(403);
    expect((await callRoute(linksAction, postForm("/admin/preview/links", revoke, admin))).body).toMatchObject({ ok: true });
    expect((await callRoute(linksAction, postForm("/admin/preview/links", revoke, admin))).status).toBe(404);
    const refused = await callRoute(reviewLoader, siteRequest(url.pathname), { token });
    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ reason: "revoked" });
    expect(await recognisePreview(siteRequest("/"), reviewerCookie)).toEqual({ kind: "refused", reason: "revoked" });
    const after = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "release.review_link_opened"));
    expect(after.filter((event) => event.target === String(release.id))).toHaveLength(2);

    // Expired: refused once its time has passed.
    const expiring = await createReviewLink(app.handle.db, { releaseId: release.id, days: 1, actor: { id: null, email: "x" } });
    const expiringToken = expiring!.path.split("/").pop()!;
    expect(await openReviewLink(app.handle.db, expiringToken, new Date(Date.now() + 2 * 24 * 3600_000))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect((await openReviewLink(app.handle.db, expiringToken)).ok).toBe(true);
    expect(
      await revokeReviewLink(app.handle.db, { releaseId: release.id + 1, linkId: expiring!.id, actor: { id: null, email: "x" } }),
    ).toBe(false);

    // Links of an unknown release cannot be made.
    const unknown = await callRoute(
      linksAction,
      postForm("/admin/preview/links", { intent: "create-review-link", releaseId: 999_999 }, admin),
    );
    expect(unknown.status).toBe(404);
  });

  it("answers a preview private, no-store and noindex, framable by the site only; the live site for anyone else", async () => {
    const release = await stageRelease(app);
    const site = await previewSite();
    try {
      const cookie = `${admin}; release_preview=${previewCookieValue({ kind: "admin", releaseId: release.id, expires: Date.now() + 60_000 })}`;
      const preview = await fetch(`${site.base}/?utm_source=mail`, { headers: { cookie } });
      expect(await preview.json()).toMatchObject({ preview: true, kind: "admin", title: STAGED });
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.headers.get("x-robots-tag")).toBe("noindex");
      expect(preview.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");

      // Typed values are posted by the frame's script, same origin only, by an administrator.
      const post = (headers: Record<string, string>, values: unknown = { "home/hero_title": "Typed" }) =>
        fetch(`${site.base}/`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json", "x-release-preview": "draft", origin: site.base, ...headers },
          body: JSON.stringify({ values }),
        });
      const typed = await post({});
      expect(await typed.json()).toMatchObject({ preview: true, title: "Typed" });
      expect((await post({ origin: "https://evil.example" })).status).toBe(403);
      expect((await post({}, { "../../etc": 1 })).status).toBe(400);

      // The same cookie from a member or from nobody is dropped: the live site, and the cookie cleared.
      for (const session of [member, ""]) {
        const live = await fetch(`${site.base}/`, {
          headers: { cookie: `${session}; release_preview=${cookie.split("release_preview=")[1]}` },
        });
        expect(await live.json()).toMatchObject({ preview: false });
        expect(live.headers.get("set-cookie")).toMatch(/^release_preview=; /);
      }
      // A reviewer cannot post, and a reviewer whose link went is sent to the refusal page.
      const link = await createReviewLink(app.handle.db, { releaseId: release.id, days: 7, actor: { id: null, email: "x" } });
      const reviewer = `release_preview=${previewCookieValue({ kind: "reviewer", linkId: link!.id, expires: Date.now() + 60_000 })}`;
      expect(await (await fetch(`${site.base}/fees`, { headers: { cookie: reviewer } })).json()).toMatchObject({
        preview: true,
        kind: "reviewer",
      });
      expect((await post({ cookie: reviewer })).status).toBe(403);
      await revokeReviewLink(app.handle.db, { releaseId: release.id, linkId: link!.id, actor: { id: null, email: "x" } });
      const ended = await fetch(`${site.base}/fees`, { headers: { cookie: reviewer }, redirect: "manual" });
      expect(ended.status).toBe(303);
      expect(ended.headers.get("location")).toBe("/preview/ended?reason=revoked");
      // Without the cookie nothing is a preview, and the dashboard's paths are never previewed.
      expect(await (await fetch(`${site.base}/`)).json()).toMatchObject({ preview: false });
      expect(await (await fetch(`${site.base}/admin/content`, { headers: { cookie } })).json()).toMatchObject({ preview: false });
    } finally {
      await site.close();
    }
  });

  it("opens a staged card's preview on the page that shows it", () => {
    expect(
      ["fees/fee_1", "global/company_name", "home/hero_title", "security/title", "terms/content", "menu:4"].map(previewPathFor),
    ).toEqual(["/fees", "/", "/", "/features", "/terms", "/"]);
    expect(previewHref(3, "/fees")).toBe("/admin/preview?release=3&path=%2Ffees");
  });

  it("sends past the page cache only a request with a signed, unexpired preview cookie", () => {
    const request = (cookie: string) => ({ headers: { cookie } }) as never;
    const signed = previewCookieValue({ kind: "reviewer", linkId: 1, expires: Date.now() + 60_000 });
    expect(hasPreviewCookie(request(`a=b; release_preview=${signed}`))).toBe(true);
    expect(hasPreviewCookie(request("release_preview=a.1.1999999999999.forged"))).toBe(false);
    expect(hasPreviewCookie(request(`release_preview=${signed.slice(0, -1)}x`))).toBe(false);
    expect(
      hasPreviewCookie(request(`release_preview=${previewCookieValue({ kind: "admin", releaseId: 1, expires: Date.now() - 1 })}`)),
    ).toBe(false);
    expect(hasPreviewCookie(request(""))).toBe(false);
  });

  it("marks a preview answer whatever headers the page then sets", () => {
    const headers = new Map<string, unknown>([["Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"]]);
    const res = {
      setHeader: (name: string, value: unknown) => headers.set(name, value),
      getHeader: (name: string) => headers.get(name),
      writeHead: () => undefined,
    };
    markPreviewResponse(res as never);
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'self'; frame-ancestors 'self'");
  });
});
