import { describe, expect, it } from "vitest";
import { getPageContent } from "~/features/content/read.server";
import { action, loader } from "~/routes/admin.fees";
import { contentRow, siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/settings-routes";

describe.each(onEmbeddedDatabase)("prices and tariffs actions on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);

  const save = (fields: Record<string, string>, cookie = signedIn.admin) => callRoute(action, postForm("/admin/fees", fields, cookie));
  const feesRow = (section: string) => contentRow(app, "fees", section);

  it("refuses anonymous and non-admin requests", async () => {
    expect((await callRoute(loader, siteRequest("/admin/fees"))).status).toBe(401);
    expect((await callRoute(loader, siteRequest("/admin/fees", { cookie: signedIn.member }))).status).toBe(403);
    const fields = { intent: "update-fee", section: "page_title", value: "Hacked" };
    expect((await callRoute(action, postForm("/admin/fees", fields))).status).toBe(401);
    expect((await save(fields, signedIn.member)).status).toBe(403);
    expect(await feesRow("page_title")).toBeUndefined();
  });

  it("shows every fees field, with the catalogue default while it has no row", async () => {
    const answer = await callRoute(loader, siteRequest("/admin/fees", { cookie: signedIn.admin }));
    expect(answer.body.loadFailed).toBe(false);
    expect(answer.body.fees.personal_plan_price).toBe("Free");
    expect(answer.body.fees.faq_answer_1).toContain("30-day free trial");
  });

  it("creates the row on the first save and /fees reads the new text at once", async () => {
    await getPageContent("fees");
    expect((await save({ intent: "update-fee", section: "page_title", value: "Fair prices, no surprises" })).body).toEqual({
      ok: true,
      intent: "update-fee",
    });
    expect((await feesRow("page_title"))?.contentValue).toBe("Fair prices, no surprises");
    expect((await getPageContent("fees")).page_title).toBe("Fair prices, no surprises");
    expect((await save({ intent: "update-fee", section: "page_title", value: "Second save" })).status).toBe(200);
    expect((await getPageContent("fees")).page_title).toBe("Second save");
  });

  it("refuses keys outside the fees catalogue and over-long text, writing nothing", async () => {
    const foreign = await save({ intent: "update-fee", section: "company_name", value: "x" });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors.section).toEqual(["Unknown fees field"]);
    const long = await save({ intent: "update-fee", section: "cta_title", value: "x".repeat(200_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Content too long");
    expect(await feesRow("cta_title")).toBeUndefined();
    expect(await feesRow("company_name")).toBeUndefined();
  });
});
