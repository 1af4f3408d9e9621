import type { AddressInfo } from "node:net";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirects } from "~/db/schema";
import { redirectIntents } from "~/features/pages/intents";
import { startPublicIndex } from "~/features/pages/public-index.server";
import { runInPreview, runOutsidePreview } from "~/features/records/preview-context.server";
import { previewCookieValue } from "~/features/releases/preview/preview-token.server";
import { createReviewLink, revokeReviewLink } from "~/features/releases/preview/review-links.server";
import { loader as publicLoader } from "~/routes/_public.$";
import { action as redirectsAction } from "~/routes/admin.other.redirects";
import { loader as linksLoader } from "~/routes/admin.preview.links";
import { callRoute, postForm } from "../support/admin-routes";
import { releaseClient, stagedKeys } from "../support/releases";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";
import { previewOf, previewRecognition } from "../../server/http/preview";
import { securityHeaders } from "../../server/http/security";

/**
 * The site's answer for an address no fixed route takes, as the server gives it: the preview's
 * recognition from the cookie (an administrator's or a reviewer's), then the router's catch-all
 * loader in the request's preview (or in none). Answers the status and the Location.
 */
async function addressSite() {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  app.use(securityHeaders({ https: false, development: false }));
  app.use(previewRecognition);
  app.use(async (req, res) => {
    const preview = previewOf(res);
    const visit = () => callRoute(publicLoader, siteRequest(req.originalUrl));
    const answer = await (preview ? runInPreview(preview, visit) : runOutsidePreview(visit));
    const location = answer.headers.get("location");
    if (location) res.setHeader("Location", location);
    res.status(answer.status).end();
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(onBothDatabases)("redirects in a release's preview on %s", (kind) => {
  const app = useTestApp(kind);
  let admin = "";
  let stopIndex: (() => Promise<void>) | undefined;
  const as = releaseClient(app, () => admin);
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    // The first account becomes the administrator when it first asks for an admin page.
    await callRoute(linksLoader, siteRequest("/admin/preview/links", { cookie: admin }));
    // The address index as a running site keeps it: reloaded on every content change.
    stopIndex = await startPublicIndex(() => app.handle.db, 60_000);
  });
  afterAll(async () => {
    await stopIndex?.();
  });

  const postRedirect = (fields: Record<string, string | number>) =>
    callRoute(redirectsAction, postForm("/admin/other/redirects", fields, admin));
  const liveRedirect = async (fromPath: string, toPath: string, status: 301 | 302) => {
    expect((await postRedirect({ intent: redirectIntents.create, fromPath, toPath, status })).body).toMatchObject({ ok: true });
    return (await app.handle.db.select().from(redirects).where(eq(redirects.fromPath, fromPath)))[0]!;
  };

  /** A release that deletes one live redirect, re-aims another and creates a third; one live redirect it leaves alone. */
  async function stageRedirects() {
    await as.goLive();
    const dropped = await liveRedirect("/old-promo", "/fees", 302);
    const reaimed = await liveRedirect("/old-gift", "/fees", 301);
    await liveRedirect("/old-kept", "/security", 301);
    const releaseId = await as.create("Уборка переадресаций");
    expect((await postRedirect({ intent: redirectIntents.delete, id: dropped.id })).body).toMatchObject({ ok: true });
    const reaim = { intent: redirectIntents.update, id: reaimed.id, fromPath: reaimed.fromPath, toPath: "/faq", status: 302 };
    expect((await postRedirect(reaim)).body).toMatchObject({ ok: true });
    const created = { intent: redirectIntents.create, fromPath: "/new-promo", toPath: "/business", status: 301 };
    expect((await postRedirect(created)).body).toMatchObject({ ok: true });
    expect(await stagedKeys(app, releaseId)).toHaveLength(3);
    await as.goLive();
    return releaseId;
  }

  const answer = async (base: string, path: string, cookie?: string) => {
    const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    return {
      status: response.status,
      location: response.headers.get("location"),
      private: response.headers.get("cache-control") === "private, no-store" && response.headers.get("x-robots-tag") === "noindex",
    };
  };

  // long-function: one release, four redirects, answered to a visitor, an administrator's preview and a reviewer's
  it("answers each redirect as the release leaves it, in an administrator's preview and a reviewer's, and live ones to visitors", async () => {
    const releaseId = await stageRedirects();
    const link = await createReviewLink(app.handle.db, { releaseId, days: 7, actor: { id: null, email: "admin@example.com" } });
    const expires = Date.now() + 60_000;
    const previews = {
      administrator: `${admin}; release_preview=${previewCookieValue({ kind: "admin", releaseId, expires })}`,
      reviewer: `release_preview=${previewCookieValue({ kind: "reviewer", linkId: link!.id, expires })}`,
    };
    const site = await addressSite();
    try {
      for (const [who, cookie] of Object.entries(previews)) {
        const seen = async (path: string) => ({ who, path, ...(await answer(site.base, path, cookie)) });
        // Deleted: no longer answered (the not-found page).
        expect(await seen("/old-promo")).toEqual({ who, path: "/old-promo", status: 404, location: null, private: true });
        // Re-aimed: its new target and status, the query string carried over.
        expect(await seen("/old-gift?utm_source=mail")).toEqual({
          who,
          path: "/old-gift?utm_source=mail",
          status: 302,
          location: "/faq?utm_source=mail",
          private: true,
        });
        // Created: answered.
        expect(await seen("/new-promo")).toEqual({ who, path: "/new-promo", status: 301, location: "/business", private: true });
        // Left alone: answered as live.
        expect(await seen("/old-kept")).toEqual({ who, path: "/old-kept", status: 301, location: "/security", private: true });
        // Another spelling leads to the one address first, as the page cache answers visitors.
        expect(await seen("/new-promo/")).toEqual({ who, path: "/new-promo/", status: 301, location: "/new-promo", private: true });
      }
      // Visitors keep the live redirects until the release is published.
      expect(await answer(site.base, "/old-promo")).toMatchObject({ status: 302, location: "/fees", private: false });
      expect(await answer(site.base, "/old-gift")).toMatchObject({ status: 301, location: "/fees" });
      expect(await answer(site.base, "/new-promo")).toMatchObject({ status: 404 });

      // Published, every visitor gets what the preview showed.
      expect((await as.release(releaseId, { intent: "publish-release" })).body).toMatchObject({ ok: true });
      expect(await answer(site.base, "/old-promo")).toMatchObject({ status: 404 });
      expect(await answer(site.base, "/old-gift")).toMatchObject({ status: 302, location: "/faq" });
      expect(await answer(site.base, "/new-promo")).toMatchObject({ status: 301, location: "/business" });
    } finally {
      await site.close();
    }
  });

  it("turns a reviewer whose link went away from a page's data request with a new page load of the refusal page", async () => {
    const releaseId = await as.create("Ссылка отозвана");
    await as.goLive();
    const link = await createReviewLink(app.handle.db, { releaseId, days: 7, actor: { id: null, email: "admin@example.com" } });
    const cookie = `release_preview=${previewCookieValue({ kind: "reviewer", linkId: link!.id, expires: Date.now() + 60_000 })}`;
    await revokeReviewLink(app.handle.db, { releaseId, linkId: link!.id, actor: { id: null, email: "admin@example.com" } });
    const site = await addressSite();
    try {
      // A hydrated page asks for the next page's data: React Router's redirect, as a page load.
      const data = await fetch(`${site.base}/faq.data`, { headers: { cookie }, redirect: "manual" });
      expect(data.status).toBe(204);
      expect(data.headers.get("x-remix-redirect")).toBe("/preview/ended?reason=revoked");
      expect(data.headers.get("x-remix-reload-document")).toBe("true");
      expect(data.headers.get("set-cookie")).toMatch(/^release_preview=; /);
      expect(data.headers.get("cache-control")).toBe("private, no-store");
      // A page load is redirected as before.
      const page = await fetch(`${site.base}/faq`, { headers: { cookie }, redirect: "manual" });
      expect([page.status, page.headers.get("location")]).toEqual([303, "/preview/ended?reason=revoked"]);
    } finally {
      await site.close();
    }
  });
});
