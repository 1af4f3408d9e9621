import { expect, test } from "../support/fixtures";
import { memberStorageState } from "../support/accounts";
import { images } from "../support/dashboard";

// Every write of these tabs, as a form post or an upload.
const writes: { path: string; form: Record<string, string> }[] = [
  { path: "/admin/settings", form: { intent: "update-setting", section: "company_name", value: "Hacked" } },
  { path: "/admin/settings", form: { intent: "add-page-link", pageName: "hacked", pageUrl: "/hacked" } },
  { path: "/admin/settings", form: { intent: "update-page-url", id: "1", pageUrl: "/hacked" } },
  { path: "/admin/fees", form: { intent: "update-fee", section: "page_title", value: "Hacked" } },
  {
    path: "/admin/legal",
    form: {
      intent: "save-legal-page",
      page_name: "terms",
      section_name: "page_content",
      content: "<p>Hacked</p>",
      rich_content: '{"ops":[]}',
    },
  },
  { path: "/admin/legal", form: { intent: "init-legal-pages" } },
];

const visitors: { who: string; storageState: string | { cookies: []; origins: [] }; status: number }[] = [
  { who: "an anonymous visitor", storageState: { cookies: [], origins: [] }, status: 401 },
  { who: "a signed-in member", storageState: memberStorageState, status: 403 },
];

for (const { who, storageState, status } of visitors) {
  test.describe(`[ADMIN][ACCESS] ${who}`, () => {
    test.use({ storageState });

    test(`gets ${status} from every settings, fees, legal and upload action`, async ({ request, baseURL }) => {
      for (const write of writes) {
        const response = await request.post(write.path, { headers: { Origin: baseURL! }, form: write.form });
        expect(response.status(), `${write.path} ${write.form.intent}`).toBe(status);
      }
      const upload = await request.post("/admin/upload?section=favicon_url", { headers: { Origin: baseURL! }, data: images.png });
      expect(upload.status()).toBe(status);
      const removal = await request.delete("/admin/upload?section=favicon_url", { headers: { Origin: baseURL! } });
      expect(removal.status()).toBe(status);
      for (const path of ["/admin/settings/branding", "/admin/fees", "/admin/legal"]) {
        expect((await request.get(path)).status(), path).toBe(status);
      }
      const site = await request.get("/");
      expect(await site.text()).not.toContain("Hacked");
    });
  });
}
