// The roles' rules where the work is done: the record store (authors never write live, whatever
// the policy; translators only in their locales; settings are the administrator's) and four eyes
// between people (the approver holds a role that may approve and staged nothing).
import { describe, expect, it } from "vitest";
import { stagingOnlyMessage } from "~/features/access/matrix";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { writeRecords } from "~/features/records/write.server";
import { recordKey } from "~/features/records/kinds";
import { createRelease, reviewRelease, setDrafting } from "~/features/releases/releases.server";
import { isRefusal } from "~/platform/refusal";
import { onEmbeddedDatabase, useTestApp } from "../support/test-database";

const author = { id: "rules-author", email: "author@example.com", role: "author" };
const translator = { id: "rules-translator", email: "translator@example.com", role: "translator", locales: ["de"] };
const reviewer = { id: "rules-reviewer", email: "reviewer@example.com", role: "reviewer" };
const analyst = { id: "rules-analyst", email: "analyst@example.com", role: "analyst" };

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isRefusal(error) ? { status: error.status, message: error.message } : error),
  );

describe.each(onEmbeddedDatabase)("the roles' rules on %s", (kind) => {
  const app = useTestApp(kind);

  it("an author's save never goes live, and goes into their release", async () => {
    const db = app.handle.db;
    const save = () => upsertContentValue(db, { page: "home", section: "hero_title", value: "Author's title", actor: author });
    expect(await refusal(save())).toEqual({ status: 403, message: stagingOnlyMessage });
    const release = await createRelease(db, "Author's release", author);
    await setDrafting(db, author, release.id);
    expect(await refusal(save())).toBeUndefined();
  });

  it("an author may not change global settings, even in a release; an analyst nothing at all", async () => {
    const db = app.handle.db;
    const setting = await refusal(upsertContentValue(db, { page: "global", section: "company_name", value: "X", actor: author }));
    expect(setting).toMatchObject({ status: 403, message: expect.stringContaining("Роль «Автор»") });
    const release = await createRelease(db, "Analyst's try", author);
    expect(await refusal(setDrafting(db, analyst, release.id))).toMatchObject({ status: 403 });
  });

  it("a translator changes only records in the locales assigned to them", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "Translation", translator);
    await setDrafting(db, translator, release.id);
    const write = (locale: string) =>
      writeRecords(db, {
        actor: translator,
        action: "update",
        plan: async () => ({
          result: true,
          changes: [{ key: recordKey("content", "home/hero_title", locale), after: null }],
        }),
      });
    expect(await refusal(write("en"))).toMatchObject({ status: 403, message: expect.stringContaining("«en»") });
    expect(await refusal(write("de"))).toBeUndefined();
  });

  it("only a role that may approve approves, and never a release it staged into", async () => {
    const db = app.handle.db;
    const release = await createRelease(db, "Four eyes", author);
    await setDrafting(db, author, release.id);
    await upsertContentValue(db, { page: "home", section: "hero_subtitle", value: "Staged", actor: author });
    await reviewRelease(db, release.id, "submit", author);
    expect(await refusal(reviewRelease(db, release.id, "approve", author))).toMatchObject({ status: 403 });
    expect(await refusal(reviewRelease(db, release.id, "approve", analyst))).toMatchObject({ status: 403 });
    expect(await refusal(reviewRelease(db, release.id, "approve", reviewer))).toBeUndefined();
  });
});
