// Redirect loops are refused by what the addresses mean, not how they are spelled: a trailing
// slash, a fragment, percent-encoding, dot segments and case, and through the 302 of an
// unpublished page, in either order of writing.
import { beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "~/platform/env.server";
import { pageIntents, redirectIntents } from "~/features/pages/intents";
import { lookupAddress } from "~/features/pages/public-index.server";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { action as redirectsAction } from "~/routes/admin.other.redirects";
import { ORIGIN, siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

const LOOP = "Переадресация замкнётся в цикл";

describe.each(onBothDatabases)("redirect loops on %s", (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const redirect = (fromPath: string, toPath: string, status = 301) =>
    callRoute(redirectsAction, postForm("/admin/other/redirects", { intent: redirectIntents.create, fromPath, toPath, status }, admin));
  const version = async (id: number) =>
    (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${id}`, { cookie: admin }))).body.editor.version as number;
  async function page(path: string) {
    expect((await postPages({ intent: pageIntents.create, title: "Offer", path })).body).toMatchObject({ ok: true });
    const listed = await callRoute(pagesLoader, siteRequest("/admin/other/pages", { cookie: admin }));
    const id = (listed.body.pages as { id: number; path: string }[]).find((row) => row.path === path)!.id;
    expect((await postPages({ intent: pageIntents.publish, id, version: await version(id) })).body).toMatchObject({ ok: true });
    return id;
  }
  const unpublish = async (id: number, redirectTo: string) =>
    postPages({ intent: pageIntents.unpublish, id, version: await version(id), redirectTo });

  it.each([
    ["/a", "/a/"],
    ["/a", "/a#top"],
    ["/a", "/%61"],
    ["/a", "/x/../a"],
    ["/a", "/A?x=1"],
    ["/a", "/a//"],
  ])("refuses %s -> %s: the same address", async (from, to) => {
    const answer = await redirect(from, to);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.toPath).toBeDefined();
  });

  it.each([
    ["/b1", "/c1", "/b1/", "/b1#top"],
    ["/b2", "/c2", "/%62%32", "/B2"],
    ["/b3", "/c3", "/./b3", "/x/%2e%2e/b3"],
  ])("refuses a way back to %s from %s spelled %s or %s", async (start, middle, ...backs) => {
    expect((await redirect(start, middle)).body).toMatchObject({ ok: true });
    for (const back of backs) {
      const answer = await redirect(middle, back);
      expect(answer.status, back).toBe(400);
      expect(answer.body.fieldErrors.toPath, back).toEqual([LOOP]);
    }
    expect(lookupAddress(middle)).toBeUndefined();
  });

  it("refuses a source spelled like one already taken", async () => {
    expect((await redirect("/d", "/fees")).body).toMatchObject({ ok: true });
    expect((await redirect("/%64", "/faq")).status).toBe(400);
  });

  it("refuses a page at an address a redirect spelled otherwise answers", async () => {
    expect((await redirect("/%66-offer", "/fees")).body).toMatchObject({ ok: true });
    const created = await postPages({ intent: pageIntents.create, title: "Offer", path: "/f-offer" });
    expect(created.status).toBe(400);
    expect(created.body.fieldErrors.path).toEqual(["С этого адреса уже настроена переадресация"]);
  });

  it("refuses /u -> 302 /v -> 301 /u when the page is unpublished first", async () => {
    const u = await page("/u");
    expect((await unpublish(u, "/v")).body).toMatchObject({ ok: true });
    const answer = await redirect("/v", "/u/");
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.toPath).toEqual([LOOP]);
  });

  it("refuses /u -> 302 /v -> 301 /u when the redirect is written first", async () => {
    const u = await page("/u2");
    expect((await redirect("/v2", "/u2")).body).toMatchObject({ ok: true });
    const answer = await unpublish(u, "/V2#top");
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.redirectTo).toEqual([LOOP]);
    expect(lookupAddress("/u2")).toMatchObject({ kind: "page" });
  });

  it("refuses renaming an unpublished page to the address its 302 leads to", async () => {
    const id = await page("/p");
    expect((await unpublish(id, "/s/")).body).toMatchObject({ ok: true });
    const open = (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${id}`, { cookie: admin }))).body.editor;
    const renamed = await postPages({
      intent: pageIntents.save,
      id,
      version: open.version,
      title: open.page.title,
      path: "/s",
      blocks: JSON.stringify(open.blocks),
      seo: JSON.stringify(open.seo),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fieldErrors.path).toEqual([LOOP]);
    expect(lookupAddress("/p")).toMatchObject({ kind: "redirect", location: "/s/" });
  });

  it("refuses a loop through the site's own absolute address (PUBLIC_URL), http or https", async () => {
    setEnv(parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", PUBLIC_URL: ORIGIN }));
    try {
      for (const [from, to] of [
        ["/own", `${ORIGIN}/own/`],
        ["/own-b", `${ORIGIN.replace("http:", "https:").toUpperCase()}/%6Fwn-b`],
      ]) {
        const answer = await redirect(from!, to!);
        expect(answer.status, to).toBe(400);
        expect(answer.body.fieldErrors.toPath, to).toEqual([LOOP]);
      }
      expect((await redirect("/own-c", `${ORIGIN}/fees`)).body).toMatchObject({ ok: true });
      expect((await redirect("/own-d", "https://other.example/own-d")).body).toMatchObject({ ok: true });
    } finally {
      setEnv(app.env);
    }
  });

  it("still takes redirects that lead somewhere", async () => {
    expect((await redirect("/e", "/e-offer")).body).toMatchObject({ ok: true });
    const w = await page("/w");
    expect((await unpublish(w, "/fees")).body).toMatchObject({ ok: true });
    expect((await redirect("/old-w", "/w/")).body).toMatchObject({ ok: true });
  });
});
