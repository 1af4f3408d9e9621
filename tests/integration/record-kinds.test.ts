// The recipe 'add a record kind' walked on a scratch table: a kind registered in one place gets
// the pipeline's live writes (value, revision, log line), staging into a release, the preview's
// overlay, the publish and the restore, with nothing else in the store changed.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, contentRevisions } from "~/db/schema";
import { readDraft } from "~/features/records/drafts.server";
import { nextSerialId } from "~/features/records/ids.server";
import { recordKey, registerRecordKind } from "~/features/records/kinds";
import { listAsDrafted } from "~/features/records/read.server";
import { restoreRevision } from "~/features/records/restore.server";
import { writeRecords } from "~/features/records/write.server";
import { publishRelease } from "~/features/releases/publish.server";
import { createRelease, setDrafting } from "~/features/releases/releases.server";
import { Refusal } from "~/platform/refusal";
import { onBothDatabases, useTestApp } from "../support/test-database";

const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  quote: text("quote").notNull(),
  stars: integer("stars").notNull(),
});
type Testimonial = { id: number; quote: string; stars: number };
const keyOf = (id: number) => recordKey("testimonial", id);
const editor = { id: "kind-editor", email: "editor@example.com", role: "administrator" };

const unregisterTestimonials = registerRecordKind<Testimonial>({
  name: "testimonial",
  prefix: "testimonial",
  area: "testimonials",
  table: "testimonials",
  matches: (id) => /^\d{1,9}$/.test(id),
  parse(value) {
    if (value === null) return null;
    const row = value as Testimonial;
    if (typeof row.quote !== "string" || row.quote.trim() === "") throw new Refusal(400, "Введите отзыв");
    return { id: row.id, quote: row.quote, stars: row.stars };
  },
  async read(executor, keys) {
    const rows = await executor
      .select()
      .from(testimonials)
      .where(
        inArray(
          testimonials.id,
          keys.map((key) => Number(key.id)),
        ),
      );
    return new Map(keys.map((key) => [key.text, rows.find((row) => row.id === Number(key.id)) ?? null]));
  },
  async list(executor) {
    return new Map((await executor.select().from(testimonials).orderBy(asc(testimonials.id))).map((row) => [keyOf(row.id).text, row]));
  },
  async apply(executor, key, value) {
    if (!value) {
      await executor.delete(testimonials).where(eq(testimonials.id, Number(key.id)));
      return null;
    }
    const [row] = await executor.insert(testimonials).values(value).onConflictDoUpdate({ target: testimonials.id, set: value }).returning();
    return row!;
  },
  allocateId: (executor) => nextSerialId(executor, "testimonials"),
});

// Test files share a process: the scratch kind leaves with this file.
afterAll(unregisterTestimonials);

describe.each(onBothDatabases)("a new record kind on %s", (kind) => {
  const app = useTestApp(kind);
  beforeAll(async () => {
    await app.handle.db.execute(sql`create table testimonials (id serial primary key, quote text not null, stars integer not null)`);
  });

  const add = (quote: string) =>
    writeRecords(app.handle.db, {
      actor: editor,
      action: "create",
      async plan(context) {
        const id = Number(await context.allocateId("testimonial"));
        const row = { id, quote, stars: 5 };
        return { result: row, changes: [{ key: keyOf(id), after: row }] };
      },
    });

  it("writes live with a revision and a log line, stages into a release, previews, publishes and restores", async () => {
    const db = app.handle.db;
    const live = await add("Fast transfers");
    expect(live && live.staged).toBe(false);
    const id = (live as { result: Testimonial }).result.id;
    const [revision] = await db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.key, `testimonial:${id}`));
    expect(revision).toMatchObject({ area: "testimonials", action: "create", after: { quote: "Fast transfers" } });
    expect((await db.select().from(activityEvents).where(eq(activityEvents.kind, "testimonials.create"))).length).toBe(1);
    await expect(add("   ")).rejects.toThrow("Введите отзыв");

    const release = await createRelease(db, "Testimonials", editor);
    await setDrafting(db, editor, release.id);
    const staged = await add("Staged praise");
    expect(staged && staged.staged).toBe(true);
    expect((await db.select().from(testimonials)).map((row) => row.quote)).toEqual(["Fast transfers"]);
    const drafted = await listAsDrafted(db, "testimonial", release.id);
    expect([...drafted.values()].map((row) => (row as Testimonial).quote)).toEqual(["Fast transfers", "Staged praise"]);
    expect((await readDraft(db, release.id)).size).toBe(1);

    await publishRelease(db, release.id, editor);
    expect((await db.select().from(testimonials).orderBy(asc(testimonials.id))).map((row) => row.quote)).toEqual([
      "Fast transfers",
      "Staged praise",
    ]);
    await setDrafting(db, editor, null);
    await restoreRevision(db, keyOf(id), revision!.id, editor);
    expect(
      (
        await db
          .select()
          .from(contentRevisions)
          .where(eq(contentRevisions.key, `testimonial:${id}`))
      ).map((row) => row.action),
    ).toEqual(["create", "restore"]);
  });
});
