import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents } from "~/db/schema";
import { recordEvent } from "~/features/activity/activity.server";
import { onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("activity events (%s)", (kind) => {
  const app = useTestApp(kind);

  it("appends an event with who, what and when", async () => {
    const before = Date.now();
    const id = await recordEvent(app.handle.db, {
      kind: "content.update",
      area: "content",
      actor: { id: "user-1", email: "admin@example.com" },
      target: "home/hero_title",
      details: { field: "contentValue" },
    });
    const [row] = await app.handle.db.select().from(activityEvents).orderBy(desc(activityEvents.id)).limit(1);
    expect(row).toMatchObject({
      id,
      kind: "content.update",
      area: "content",
      userId: "user-1",
      userEmail: "admin@example.com",
      target: "home/hero_title",
    });
    expect(row!.details).toEqual({ field: "contentValue" });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("rolls back with the transaction it was written in", async () => {
    const count = async () => (await app.handle.db.select().from(activityEvents)).length;
    const before = await count();
    await expect(
      app.handle.db.transaction(async (transaction) => {
        await recordEvent(transaction, { kind: "menu.delete", area: "menu", target: "3" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await count()).toBe(before);
  });
});
