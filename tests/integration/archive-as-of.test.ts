// "The site as of a date": a page exactly as the archive stored it at a moment, under a banner,
// private and never cached; a page's versions; a moment before the archive began says when it began.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { archivePending } from "~/features/archive/worker.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { loader as pageLoader } from "~/routes/admin.archive.page";
import { loader as screenLoader } from "~/routes/admin.other.archive";
import { callRoute } from "../support/admin-routes";
import { testCapture } from "../support/archive-capture";
import { onEmbeddedDatabase, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const admin = { id: "as-of-admin", email: "as-of@example.com", role: "administrator" };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minute = (at: Date) => at.toISOString().slice(0, 19);

describe.each(onEmbeddedDatabase)("the site as of a date on %s", (kind) => {
  const app = useTestApp(kind);
  let cookie = "";
  const openPage = (path: string, at: string) =>
    callRoute(pageLoader, siteRequest(`/admin/archive/page?${new URLSearchParams({ path, at })}`, { cookie }));
  const screen = (query: string) => callRoute(screenLoader, siteRequest(`/admin/other/archive${query}`, { cookie }));

  beforeAll(async () => {
    cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  it("says the archive is empty before its first capture", async () => {
    const answer = await openPage("/", minute(new Date()));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/Архив пока пуст/);
  });

  it("opens each page exactly as it was served at the moment, under a banner, private and never indexed", async () => {
    const db = app.handle.db;
    const run = () => archivePending(db, { capture: testCapture, owner: "as-of", settleMs: 0 });
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Spring rates", actor: admin });
    expect(await run()).toBe(2);
    await pause(1100);
    const between = new Date();
    await pause(1100);
    await upsertContentValue(db, { page: "home", section: "hero_title", value: "Summer rates", actor: admin });
    expect(await run()).toBe(1);

    const then = await openPage("/", minute(between));
    expect(then.status).toBe(200);
    expect(then.body).toContain("<h1>Spring rates</h1>");
    expect(then.body).toContain(`Архив: / в том виде, в каком сайт отдавал страницу ${minute(between).slice(0, 16).replace("T", " ")} UTC`);
    expect(then.headers.get("cache-control")).toBe("private, no-store");
    expect(then.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(then.headers.get("content-security-policy")).toContain("script-src 'none'");
    // The stored bytes are the ones the page served: their hash is named, and the banner is all that was added.
    const stored = then.body.replace(/<p role="note" data-archive-banner[^>]*>[^<]*<\/p>/, "");
    expect(createHash("sha256").update(stored).digest("hex")).toBe(then.headers.get("x-archive-sha256"));

    const now = await openPage("/", minute(new Date(Date.now() + 1000)));
    expect(now.body).toContain("<h1>Summer rates</h1>");
    // A page no publish changed since the start serves its first version.
    expect((await openPage("/fees", minute(between))).body).toContain("<p>/fees</p>");
  });

  it("lists a page's versions, newest first, with when, what and who", async () => {
    const answer = await screen("?path=%2F");
    expect(answer.status).toBe(200);
    const { timeline, paths, began } = answer.body;
    expect(paths).toEqual(expect.arrayContaining(["/", "/fees", "/404"]));
    expect(began).toBeTruthy();
    // The starting point and the first save were captured in one run: the save's entry holds what both left.
    expect(timeline.map((version: { kind: string }) => version.kind)).toEqual(["content.update", "content.update"]);
    expect(timeline[0].by).toBe(admin.email);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a moment before the archive began, saying when it began, and bad input with a message", async () => {
    const early = await openPage("/", "2001-01-01T00:00");
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^На эту дату архива ещё нет: он ведётся с \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/);
    for (const [path, at, message] of [
      ["/", "2026-02-31T10:00", /ГГГГ-ММ-ДД/],
      ["/", "yesterday", /ГГГГ-ММ-ДД/],
      ["fees", minute(new Date()), /начиная с «\/»/],
      ["/nothing-here", minute(new Date()), /не найдена/],
      ["/", "2999-01-01T00:00", /будущем/],
    ] as const) {
      const answer = await openPage(path, at);
      expect(answer.status, `${path} ${at}`).toBeGreaterThanOrEqual(400);
      expect(answer.body.message).toMatch(message);
    }
    // Opened in a tab, as the screen's links do: a page with the reason and the way back, not JSON.
    const inBrowser = await callRoute(
      pageLoader,
      siteRequest(`/admin/archive/page?${new URLSearchParams({ path: "/", at: "2001-01-01T00:00" })}`, {
        cookie,
        headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      }),
    );
    expect(inBrowser.status).toBe(400);
    expect(inBrowser.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(inBrowser.headers.get("cache-control")).toBe("private, no-store");
    expect(inBrowser.body).toMatch(/<h1[^>]*>На эту дату архива ещё нет: он ведётся с \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.<\/h1>/);
    expect(inBrowser.body).toContain('<a href="/admin/other/archive"');
    const badScreen = await screen("?at=never");
    expect(badScreen.status).toBe(400);
    expect(badScreen.body.error).toMatch(/ГГГГ-ММ-ДД/);
  });
});
