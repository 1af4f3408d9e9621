import { expect, test, type Page, workerPort } from "../support/fixtures";
import { openHydrated, signedIn, sql, usePostgresServer } from "../support/postgres-server";
import { expectNoAxeViolations } from "../support/axe";

// Each role sees only the actions its permissions allow (app/features/access/matrix.ts), and a
// section reached by its address says why it is not there. One server with a PostgreSQL database
// of its own, so the spec can give the roles; one test per role, each a short walk of its screens.
const PORT = workerPort(15);
const PASSWORD = "role-password-1";
const WIDE = { width: 1400, height: 1000 };
const RELEASE = "Проверка ролей";

const tabLinks = (page: Page) => page.getByRole("navigation", { name: "Разделы панели" }).getByRole("link");
const sectionLinks = (page: Page) => page.getByRole("navigation", { name: "Разделы вкладки «Другое»" }).getByRole("link");
const hrefs = async (links: ReturnType<typeof tabLinks>) =>
  (await links.evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLAnchorElement).href).pathname))).sort();

/** What each role is shown: its tabs, its 'Другое' sections, and what the releases screens offer it. */
const expected = {
  publisher: {
    tabs: ["/admin/content", "/admin/fees", "/admin/legal", "/admin/menu", "/admin/other"],
    sections: ["media", "pages", "releases", "seo", "team"],
    createsReleases: true,
    refusedAt: ["/admin/other/backups", "Роль «Публикатор» не даёт права: резервные копии"],
  },
  reviewer: {
    tabs: ["/admin/other"],
    sections: ["archive", "releases", "team"],
    createsReleases: false,
    refusedAt: ["/admin/content", "Роль «Рецензент» не даёт права: изменять контент"],
  },
  author: {
    tabs: ["/admin/content", "/admin/fees", "/admin/legal", "/admin/menu", "/admin/other"],
    sections: ["media", "pages", "releases", "seo", "team"],
    createsReleases: true,
    refusedAt: ["/admin/settings/general", "Роль «Автор» не даёт права: изменять глобальные настройки"],
  },
  // Given German only: the sections that edit only the default locale are not there.
  translator: {
    tabs: ["/admin/content", "/admin/other"],
    sections: ["media", "releases", "team"],
    createsReleases: true,
    refusedAt: ["/admin/menu", "Вам не назначен язык «en»: изменения на нём недоступны"],
  },
  analyst: {
    tabs: ["/admin/other"],
    sections: ["archive", "messages", "statistics", "team"],
    createsReleases: null,
    refusedAt: ["/admin/other/releases", "Роль «Аналитик» не даёт права: видеть выпуски и их предпросмотр"],
  },
} as const;

test.describe("[ADMIN][ROLES] each role sees only what it may do", () => {
  test.describe.configure({ mode: "serial" });
  const site = usePostgresServer("roles", PORT);
  let releasePath: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    // The first account is the administrator; it makes a release for the others to look at.
    const admin = await signedIn(browser, site.server.url, { email: "roles-admin@example.com", password: PASSWORD }, true, WIDE);
    const created = await admin.request.post("/admin/other/releases", {
      headers: { Origin: site.server.url },
      form: { intent: "create-release", name: RELEASE },
      maxRedirects: 0,
    });
    expect(created.status()).toBeLessThan(400);
    // German, for the translator (a draft locale is translated as a public one is).
    const german = await admin.request.post("/admin/other/locales", {
      headers: { Origin: site.server.url },
      form: { intent: "add-locale", code: "de" },
      maxRedirects: 0,
    });
    expect(german.status()).toBeLessThan(400);
    await admin.context().close();
    const { rows } = await sql(site.databaseUrl, "SELECT id FROM releases WHERE name = $1", [RELEASE]);
    releasePath = `/admin/other/releases/${rows[0].id}`;
    for (const role of Object.keys(expected)) {
      await signedIn(browser, site.server.url, { email: `${role}@example.com`, password: PASSWORD }, true, WIDE).then((page) =>
        page.context().close(),
      );
      await sql(site.databaseUrl, `INSERT INTO admin_users (user_id, role, locales) SELECT id, $2, $3 FROM "user" WHERE email = $1`, [
        `${role}@example.com`,
        role,
        role === "translator" ? ["de"] : [],
      ]);
    }
    await sql(
      site.databaseUrl,
      `INSERT INTO contact_messages (name, email, subject, message, client_hash) VALUES ('Visitor', 'visitor@example.com', 'general', 'A question', 'x')`,
    );
  });

  for (const [role, shown] of Object.entries(expected)) {
    test(`${role}: the tabs, sections and actions of the role, and why a section is not there`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await signedIn(browser, site.server.url, { email: `${role}@example.com`, password: PASSWORD }, false, WIDE);
      await openHydrated(page, "/admin/other/team");
      expect(await hrefs(tabLinks(page))).toEqual(shown.tabs);
      expect(await hrefs(sectionLinks(page))).toEqual(shown.sections.map((id) => `/admin/other/${id}`).sort());
      // The team is the administrator's: the others see their own account only.
      await expect(page.getByRole("button", { name: "Пригласить" })).toHaveCount(0);

      if (shown.createsReleases !== null) {
        await openHydrated(page, "/admin/other/releases");
        await expect(page.getByRole("link", { name: RELEASE })).toBeVisible();
        await expect(page.getByRole("button", { name: "Создать и открыть" })).toHaveCount(shown.createsReleases ? 1 : 0);
        await expect(page.getByRole("button", { name: "Сохранить правила" })).toHaveCount(0);
        await openHydrated(page, releasePath);
        await expect(page.getByTestId("open-preview")).toBeVisible();
        await expect(page.getByRole("button", { name: "Создать ссылку для проверки" })).toHaveCount(shown.createsReleases ? 1 : 0);
        await expect(page.getByRole("button", { name: "Опубликовать сейчас" })).toHaveCount(role === "publisher" ? 1 : 0);
        await expect(page.getByRole("button", { name: "Редактировать в выпуске" })).toHaveCount(shown.createsReleases ? 1 : 0);
        // Only those who stage changes are told where their saves go.
        await expect(page.getByText("Изменения сразу на сайте")).toHaveCount(shown.createsReleases ? 1 : 0);
        if (role === "reviewer") await page.screenshot({ path: "test-results/role-screens-reviewer.png", fullPage: true });
      }
      if (role === "translator") {
        // The content tab opens in the translator's language, the only one offered.
        await openHydrated(page, "/admin/content");
        await expect(page).toHaveURL(/\/admin\/content\?locale=de$/);
        await openHydrated(page, "/admin/content?locale=en");
        await expect(page.getByRole("alert").filter({ hasText: "Вам не назначен язык «en»" })).toBeVisible();
      }
      if (role === "analyst") {
        await openHydrated(page, "/admin/other/messages");
        await page.getByRole("button", { name: /Visitor/ }).click();
        await expect(page.getByText("A question")).toBeVisible();
        await expect(page.getByRole("link", { name: "Ответить" })).toBeVisible();
        for (const action of ["Удалить", "Отметить прочитанным", "Отметить непрочитанным"])
          await expect(page.getByRole("button", { name: action })).toHaveCount(0);
      }

      const [path, reason] = shown.refusedAt;
      await openHydrated(page, path);
      await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();
      await page.context().close();
    });
  }

  test("a reviewer approves a release that changes German and French one language at a time", async ({ browser }) => {
    test.setTimeout(90_000);
    // The administrator stages a German and a French title into the release and submits it.
    const admin = await signedIn(browser, site.server.url, { email: "roles-admin@example.com", password: PASSWORD }, false, WIDE);
    const post = async (path: string, form: Record<string, string>) =>
      expect((await admin.request.post(path, { headers: { Origin: site.server.url }, form, maxRedirects: 0 })).status()).toBeLessThan(400);
    const releaseId = releasePath.split("/").pop()!;
    await post("/admin/other/locales", { intent: "add-locale", code: "fr" });
    await post("/admin/other/releases", { intent: "open-release", releaseId });
    for (const [locale, value] of [
      ["de", "Die smarte Wallet"],
      ["fr", "Le portefeuille malin"],
    ] as const)
      await post("/admin/content", { intent: "save-translation", locale, page: "home", section: "hero_title", value });
    await post("/admin/other/releases", { intent: "go-live" });
    await post(releasePath, { intent: "submit-release" });
    await admin.context().close();

    const page = await signedIn(browser, site.server.url, { email: "reviewer@example.com", password: PASSWORD }, false, WIDE);
    await openHydrated(page, releasePath);
    const approvals = page.getByTestId("locale-approvals");
    await expect(approvals.locator("li")).toHaveCount(2);
    await approvals.getByRole("button", { name: "Одобрить изменения: Deutsch" }).click();
    await expect(approvals.locator('li[data-locale="de"]')).toContainText("Одобрено: reviewer@example.com");
    await expect(approvals.getByRole("button", { name: "Одобрить изменения: Français" })).toBeVisible();
    await expectNoAxeViolations(page, "a release's approvals per language");
    await page.screenshot({ path: "test-results/release-locale-approvals.png", fullPage: true });
    await approvals.getByRole("button", { name: "Одобрить изменения: Français" }).click();
    await expect(approvals.locator('li[data-locale="fr"]')).toContainText("Одобрено: reviewer@example.com");
    const { rows } = await sql(site.databaseUrl, "SELECT state FROM releases WHERE id = $1", [Number(releaseId)]);
    expect(rows[0].state).toBe("approved");
    await page.context().close();
  });
});
