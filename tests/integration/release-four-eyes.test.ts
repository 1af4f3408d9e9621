// Four eyes between people (issue 44 item 3): the approver holds a role that may approve
// (reviewer, publisher, administrator), neither created the release nor staged anything into it
// (commenting is not staging), and the approval counts only while they keep such a role.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, releases } from "~/db/schema";
import { releaseMessages } from "~/features/releases/messages";
import { FOUR_EYES, setPolicy } from "~/features/releases/policies.server";
import { assertPublishable } from "~/features/releases/releases.server";
import { refusal, useReleasePeople, type Who } from "../support/release-people";
import { onBothDatabases, useTestApp } from "../support/test-database";

describe.each(onBothDatabases)("four eyes between people on %s", (kind) => {
  const app = useTestApp(kind);
  const { people, client, comment } = useReleasePeople(app);

  it("four eyes between people: only a reviewer, publisher or administrator who neither created nor staged approves", async () => {
    const db = app.handle.db;
    await setPolicy(db, FOUR_EYES, true);
    try {
      // The publisher creates it, the administrator stages into it: neither may approve it.
      const pub = client("publisher");
      const id = await pub.create("Четыре глаза");
      await pub.goLive();
      const admin = client("administrator");
      await admin.open(id);
      expect((await admin.content("home", "hero_title", "Administrator's hero")).status).toBe(200);
      await admin.goLive();
      expect((await pub.release(id, { intent: "submit-release" })).status).toBe(200);
      for (const who of ["publisher", "administrator"] as Who[]) {
        const answer = await client(who).release(id, { intent: "approve-release" });
        expect({ who, status: answer.status, message: answer.body.message }).toEqual({
          who,
          status: 403,
          message: releaseMessages.ownChanges,
        });
        // Nor send it back: the same rule.
        expect((await client(who).release(id, { intent: "send-back-release", comment: "Own" })).status).toBe(403);
      }
      // Roles that may not approve at all are refused by role, whatever they did.
      for (const who of ["author", "analyst"] as Who[])
        expect((await client(who).release(id, { intent: "approve-release" })).status).toBe(403);
      // The reviewer commented (comments are not changes) and approves.
      expect((await comment("reviewer", id, { changeKey: "home/hero_title", comment: "Looks right" })).status).toBe(200);
      expect((await client("reviewer").release(id, { intent: "approve-release" })).status).toBe(200);
      const [approved] = await db.select().from(releases).where(eq(releases.id, id));
      expect(approved).toMatchObject({ state: "approved", approvedByEmail: "reviewer@example.com" });
      await assertPublishable(db, approved!);
      // The approval stops counting when its approver no longer holds a role that may approve.
      await db.update(adminUsers).set({ role: "author" }).where(eq(adminUsers.userId, people.reviewer.id));
      expect(await refusal(assertPublishable(db, approved!))).toEqual({ status: 409, message: releaseMessages.approverRoleGone });
      expect((await client("publisher").release(id, { intent: "publish-release" })).status).toBe(409);
    } finally {
      await db.update(adminUsers).set({ role: "reviewer" }).where(eq(adminUsers.userId, people.reviewer.id));
      await setPolicy(db, FOUR_EYES, false);
    }
  });
});
