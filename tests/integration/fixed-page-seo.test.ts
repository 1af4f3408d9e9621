import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentRevisions } from "~/db/schema";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { getContentVersion } from "~/features/content/read.server";
import { fixedPageMeta, PUBLIC_LAYOUT_ID } from "~/features/seo/fixed-page-meta";
import { action as contentAction, loader as contentLoader } from "~/routes/admin.content";
import { action, loader } from "~/routes/admin.other.seo";
import { action as historyAction } from "~/routes/admin.history";
import { loader as publicLayoutLoader } from "~/routes/_public";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { callRoute, postForm } from "../support/admin-routes";
import { releaseClient, stagedKeys } from "../support/releases";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";

const settings = defaultsFor("global");
const site = { origin: "http://localhost:3000", defaultImageAlt: "Valora" };

describe.each(onBothDatabases)("the fixed pages' SEO on %s", (kind) => {
  const app = useTestApp(kind);
  let admin = "";
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });
  const save = (fields: Record<string, string | number>) =>
    callRoute(
      action,
      postForm("/admin/other/seo", { intent: "save-fixed-seo", canonical: "", ogImage: "", noindex: "false", ...fields }, admin),
    );
  const sitemap = async () =>
    (await sitemapLoader({ request: siteRequest("/sitemap.xml"), params: {}, context: { nonce: "" } } as never)).text();
  const feesHead = async () => {
    const layout = await publicLayoutLoader();
    return fixedPageMeta(
      {
        location: { pathname: "/fees" },
        matches: [
          { id: "root", loaderData: { settings, seo: site } },
          { id: PUBLIC_LAYOUT_ID, loaderData: layout },
        ],
      },
      { title: "Fees", description: "built-in" },
    );
  };

  it("a saved title, description and noindex reach the page's head and the sitemap, and clear the caches", async () => {
    expect(await sitemap()).toContain("<loc>http://localhost:3000/fees</loc>");
    expect(await feesHead()).toContainEqual({ title: `Fees | ${settings.site_title}` });

    const version = getContentVersion();
    const saved = await save({ id: "fees", title: "Card fees", description: "No hidden costs", noindex: "true" });
    expect(saved.status).toBe(200);
    expect(getContentVersion()).toBeGreaterThan(version);

    const head = await feesHead();
    expect(head).toContainEqual({ title: `Card fees | ${settings.site_title}` });
    expect(head).toContainEqual({ name: "description", content: "No hidden costs" });
    expect(head).toContainEqual({ name: "robots", content: "noindex" });
    const xml = await sitemap();
    expect(xml).not.toContain("<loc>http://localhost:3000/fees</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/faq</loc>");

    // A revision under the content key, and the dashboard shows the stored fields.
    const revisions = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, "seo/fees"));
    expect(revisions).toHaveLength(1);
    const listed = await callRoute(loader, siteRequest("/admin/other/seo", { cookie: admin }));
    const fees = (listed.body.pages as { id: string; seo: { title: string }; version: number; pageDescription: string }[]).find(
      (page) => page.id === "fees",
    );
    expect(fees?.seo.title).toBe("Card fees");
    // The previews' fallback description is the one the page's meta uses: its own text.
    expect(fees?.pageDescription).toBe(defaultsFor("fees").page_subtitle);
    expect(fees?.version).toBe(revisions[0]!.id);

    // An editor opened before the save is told of the conflict.
    expect((await save({ id: "fees", title: "Old tab", version: 0 })).status).toBe(409);
  });

  it("keeps the rows out of the content tab and through Initialize All Content", async () => {
    const rows = (await callRoute(contentLoader, siteRequest("/admin/content", { cookie: admin }))).body.rows as { pageName: string }[];
    expect(rows.some((row) => row.pageName === "seo")).toBe(false);
    expect((await callRoute(contentAction, postForm("/admin/content", { intent: "initialize-content" }, admin))).status).toBe(200);
    expect(await feesHead()).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("refuses an unknown page, a bad canonical address and a bad image, and changes nothing", async () => {
    const before = await app.handle.db.select().from(contentRevisions);
    expect((await save({ id: "../admin", title: "x" })).status).toBe(400);
    expect((await save({ id: "faq", canonical: "javascript:alert(1)" })).status).toBe(400);
    expect((await save({ id: "faq", ogImage: "/etc/passwd" })).status).toBe(400);
    expect((await save({ id: "faq", noindex: "maybe" })).status).toBe(400);
    expect(await app.handle.db.select().from(contentRevisions)).toHaveLength(before.length);
  });

  it("with a release open, a save is staged and nothing goes live; 'only through releases' refuses a live save", async () => {
    const as = releaseClient(app, () => admin);
    const id = await as.create("SEO for the FAQ");
    const version = getContentVersion();
    expect((await save({ id: "faq", title: "Staged FAQ title" })).status).toBe(200);
    expect(await stagedKeys(app, id)).toEqual(["seo/faq"]);
    expect(getContentVersion()).toBe(version);
    const layout = await publicLayoutLoader();
    // Nothing live: the page has no fields of its own, so the layout hands it none.
    expect(layout.fixedSeo["/faq"]).toBeUndefined();
    await as.goLive();

    await as.policies(false, true);
    const refused = await save({ id: "faq", title: "Direct" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("выпуск");
    await as.policies(false, false);
  });

  it("history restores an earlier version of a page's fields", async () => {
    expect((await save({ id: "terms", title: "First" })).status).toBe(200);
    const [first] = await app.handle.db.select().from(contentRevisions).where(eq(contentRevisions.key, "seo/terms"));
    expect((await save({ id: "terms", title: "Second", version: first!.id })).status).toBe(200);
    const restored = await callRoute(
      historyAction,
      postForm("/admin/history", { intent: "restore-revision", key: "seo/terms", revisionId: first!.id }, admin),
    );
    expect(restored.status).toBe(200);
    expect((await publicLayoutLoader()).fixedSeo["/terms"]?.title).toBe("First");
  });
});
