// Every address the server answers itself, found where it is declared (the route table, the
// paths Express mounts, the files in public/), is refused as a landing page's address, as a
// rename's and as a redirect's source: a page or redirect there would never be answered.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { pageIntents, redirectIntents } from "~/features/pages/intents";
import type { PageEditorData } from "~/features/pages/editor-contract";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.other.pages";
import { action as redirectsAction } from "~/routes/admin.other.redirects";
import { expressPaths, frameworkPaths } from "../../server/http/express-paths";
import { siteRequest, signUpAndGetCookie, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route's address with its parameters filled in; the not-found catch-all left out. */
function routeAddresses(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.path === "*" && parent === "" ? [] : entry.path || entry.index ? [full || "/"] : [];
    const filled = own.map((address) => address.replace(/:\w+\??/g, "x").replace(/\*/g, "x/y"));
    return [...filled, ...routeAddresses(entry.children ?? [], full)];
  });
}

function publicFiles(directory: string, prefix = ""): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const address = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? [address, ...publicFiles(path.join(directory, entry.name), address)] : [address];
  });
}

const express = [...Object.values(expressPaths), ...frameworkPaths].flatMap((mount) => [mount, `${mount}/x`]);
const served = [...new Set([...routeAddresses(routes as RouteEntry[]), ...publicFiles("public"), ...express])];

describe("addresses the server answers itself", () => {
  it("are found in the route table, Express's mounts and public/, the ones the hand-written list missed included", () => {
    for (const address of ["/preview/exit", "/preview/ended", "/preview/r/x", "/visit.js", "/favicon.png", "/api/visit", "/admin/upload"])
      expect(served).toContain(address);
  });

  it("Express mounts no literal path the list would not know", () => {
    for (const file of ["server/boot/express-app.ts", "server/http/statistics.ts"]) {
      const source = fs.readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/\b(?:app|router)\.(?:get|use|post|put|all|delete)\(\s*["'`]/);
    }
  });
});

describe("a served address as a page or a redirect", () => {
  const app = useTestApp("pglite");
  let admin: string;
  let pageId: number;
  /** The page's editor as the dashboard opens it: every refused rename leaves it as it is. */
  let open: PageEditorData;
  const postPages = (fields: Record<string, string | number>) => callRoute(pagesAction, postForm("/admin/other/pages", fields, admin));
  const postRedirects = (fields: Record<string, string | number>) =>
    callRoute(redirectsAction, postForm("/admin/other/redirects", fields, admin));

  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    expect((await postPages({ intent: pageIntents.create, title: "Offer", path: "/free-offer" })).body).toMatchObject({ ok: true });
    const listed = await callRoute(pagesLoader, siteRequest("/admin/other/pages", { cookie: admin }));
    pageId = (listed.body.pages as { id: number }[])[0]!.id;
    open = (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${pageId}`, { cookie: admin }))).body.editor;
  });

  it.each(served)("%s is refused as a new page's address, a rename and a redirect's source", async (address) => {
    const created = await postPages({ intent: pageIntents.create, title: "Offer", path: address });
    expect(created.status, "create").toBe(400);
    expect(created.body.fieldErrors.path, "create").toBeDefined();

    const renamed = await postPages({
      intent: pageIntents.save,
      id: pageId,
      version: open.version,
      title: open.page.title,
      path: address,
      blocks: JSON.stringify(open.blocks),
      seo: JSON.stringify(open.seo),
    });
    expect(renamed.status, "rename").toBe(400);
    expect(renamed.body.fieldErrors.path, "rename").toBeDefined();

    const redirect = await postRedirects({ intent: redirectIntents.create, fromPath: address, toPath: "/free-offer", status: 301 });
    expect(redirect.status, "redirect").toBe(400);
    expect(redirect.body.fieldErrors.fromPath, "redirect").toBeDefined();
  });

  it("leaves the page as it was after every refused rename", async () => {
    const after = (await callRoute(pagesLoader, siteRequest(`/admin/other/pages?page=${pageId}`, { cookie: admin }))).body.editor;
    expect(after.version).toBe(open.version);
    expect(after.page).toEqual(open.page);
  });
});
