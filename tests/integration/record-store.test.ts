// The record store as a whole: a release's draft is rows, the site it leaves is answered by one
// overlay (the preview shows exactly what the publish then makes live), and the ids of records a
// release creates are allocated when they are staged and kept when they are published.
import { describe, expect, it } from "vitest";
import { clearContentCache, getActiveMenu, getPageContent } from "~/features/content/read.server";
import { createMenuItem, deleteMenuItem, listMenuItems } from "~/features/content/menu/menu.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { changePageStatus, createPage } from "~/features/pages/pages.server";
import { lookupRequestedAddress } from "~/features/pages/public-page.server";
import { createRedirect } from "~/features/pages/redirects.server";
import { refreshPublicIndex } from "~/features/pages/public-index.server";
import { readDraft } from "~/features/records/drafts.server";
import { runInPreview, type PreviewState } from "~/features/records/preview-context.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

const author = { id: "store-author", email: "author@example.com", role: "administrator" };
const other = { id: "store-other", email: "other@example.com", role: "administrator" };

describe.each(onBothDatabases)("the record store on %s", (kind) => {
  const app = useTestApp(kind);

  /** What a visitor is answered: page content, menus and addresses. */
  async function site() {
    return {
      home: await getPageContent("home"),
      fees: await getPageContent("fees"),
      settings: await getPageContent("global"),
      header: (await getActiveMenu("header")).map(({ id, displayName, url, sortOrder }) => ({ id, displayName, url, sortOrder })),
      footer: (await getActiveMenu("footer")).map(({ id, displayName, url, sortOrder }) => ({ id, displayName, url, sortOrder })),
      // A visitor's redirect also counts a hit; a preview's counts none.
      addresses: ["/spring", "/old-offer", "/winter"].map((path) => {
        const answer = lookupRequestedAddress(path, "");
        return answer?.kind === "redirect" ? { ...answer, hit: undefined } : answer;
      }),
    };
  }

  it("the preview of a release is exactly the site its publish makes live, and staged ids are kept", async () => {
    const db = app.handle.db;
    const doomed = await createMenuItem(db, { displayName: "Doomed", url: "/doomed", menuType: "header", sortOrder: 5 }, author);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Live title", actor: author });
    const release = await createRelease(db, "Everything at once", author);
    await setDrafting(db, author, release.id);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Staged title", actor: author });
    await upsertContentValue(db, { page: "fees", section: "page_title", value: "Staged fees", actor: author });
    await upsertContentValue(db, { page: "global", section: "company_name", value: "Staged Ltd", actor: author });
    const staged = await createMenuItem(db, { displayName: "Spring", url: "/spring", menuType: "footer", sortOrder: 1 }, author);
    await deleteMenuItem(db, doomed.id, author);
    const page = await createPage(db, { title: "Spring", path: "/spring" }, author);
    await changePageStatus(db, { id: (page as { id: number }).id, status: "published" }, author);
    await createRedirect(db, { fromPath: "/old-offer", toPath: "/spring", status: 301 }, author);
    // Meanwhile a live item is created by someone not drafting: it gets an id of its own.
    const live = await createMenuItem(db, { displayName: "Live", url: "/live", menuType: "header", sortOrder: 9 }, other);
    expect(live.id).not.toBe(staged.id);
    expect((await listMenuItems(db)).some((item) => item.id === staged.id)).toBe(false);

    await refreshPublicIndex(db);
    clearContentCache();
    const state: PreviewState = {
      kind: "admin",
      release: { id: release.id, name: release.name },
      staged: await readDraft(db, release.id),
      draft: new Map(),
    };
    const previewed = await runInPreview(state, site);
    expect(previewed.home.hero_title).toBe("Staged title");
    expect(previewed.footer.map((item) => item.id)).toContain(staged.id);
    expect(previewed.addresses[0]).toEqual({ kind: "page", id: (page as { id: number }).id });

    const outcome = await publishRelease(db, release.id, author);
    expect(outcome?.changed).toBe(7);
    await refreshPublicIndex(db);
    clearContentCache();
    expect(await site()).toEqual(previewed);
    expect((await listMenuItems(db)).find((item) => item.displayName === "Spring")?.id).toBe(staged.id);
  });

  it("a release whose staged page address was taken live meanwhile is refused with a 409 that lists it, and publishes nothing", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "Taken address", author);
    await setDrafting(db, author, release.id);
    const staged = (await createPage(db, { title: "Summer", path: "/summer" }, author)) as { id: number };
    await upsertContentValue(db, { page: "home", section: "hero_subtitle", value: "Summer subtitle", actor: author });
    await setDrafting(db, author, null);
    await createPage(db, { title: "Summer (live)", path: "/summer" }, other);
    const error = await publishRelease(db, release.id, author).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, conflicts: [`page:${staged.id}`] });
    clearContentCache();
    expect((await getPageContent("home")).hero_subtitle).not.toBe("Summer subtitle");
  });
});
