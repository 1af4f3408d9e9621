// The people of the release comments' tests: an account per role (two authors), signed in, and
// the dashboard posts they make on a release's page.
import { asc, eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { activityEvents, adminUsers, mailOutbox, pageContent, releaseComments, releases, user } from "~/db/schema";
import type { Person } from "~/platform/person";
import { isRefusal } from "~/platform/refusal";
import { releaseClient } from "./releases";
import { signUpAndGetCookie, type TestApp } from "./test-database";

const ROLES = ["author", "author2", "reviewer", "publisher", "analyst"] as const;
export type Who = "administrator" | (typeof ROLES)[number];
const roleOf: Record<Who, string> = {
  administrator: "administrator",
  author: "author",
  author2: "author",
  reviewer: "reviewer",
  publisher: "publisher",
  analyst: "analyst",
};

/** A feature's refusal as `{ status, message }`; undefined when it went through. */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (isRefusal(error) ? { status: error.status, message: error.message } : error),
  );

/** Every row the comments could have touched: compared before and after a refused write. */
export async function commentState(app: TestApp) {
  const db = app.handle.db;
  return {
    comments: await db.select().from(releaseComments).orderBy(asc(releaseComments.id)),
    releases: await db.select().from(releases).orderBy(asc(releases.id)),
    events: (await db.select({ id: activityEvents.id }).from(activityEvents)).length,
    mails: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
  };
}

/**
 * Signs up the administrator (first) and one account per role before the file's tests (the second
 * author reads the dashboard in English), with a live hero to stage; answers their posts and reads.
 */
export function useReleasePeople(app: TestApp) {
  const cookies = {} as Record<Who, string>;
  const people = {} as Record<Who, Person>;
  const client = (who: Who) => releaseClient(app, () => cookies[who]);
  const comment = (who: Who, id: number, fields: Record<string, string>) =>
    client(who).release(id, { intent: "comment-release", ...fields });
  const resolve = (who: Who, id: number, changeKey?: string) =>
    client(who).release(id, { intent: "resolve-release-thread", ...(changeKey ? { changeKey } : {}) });
  const view = async (who: Who, id: number) => (await client(who).view(id)).body.release;

  /** A release the author created and staged the hero into, submitted for review. */
  async function stagedRelease(name: string, who: Who = "author") {
    const as = client(who);
    const id = await as.create(name);
    expect((await as.content("home", "hero_title", `${name}: hero`)).status).toBe(200);
    expect((await as.release(id, { intent: "submit-release" })).status).toBe(200);
    await as.goLive();
    return id;
  }

  beforeAll(async () => {
    cookies.administrator = await signUpAndGetCookie(app.auth, "administrator@example.com");
    for (const who of ROLES) {
      cookies[who] = await signUpAndGetCookie(app.auth, `${who}@example.com`);
      const [row] = await app.handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${who}@example.com`));
      await app.handle.db
        .insert(adminUsers)
        .values({ userId: row!.id, role: roleOf[who] as never })
        .onConflictDoUpdate({ target: adminUsers.userId, set: { role: roleOf[who] as never } });
    }
    for (const who of ["administrator", ...ROLES] as Who[]) {
      const [row] = await app.handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${who}@example.com`));
      people[who] = { id: row!.id, email: `${who}@example.com`, role: roleOf[who] };
    }
    await app.handle.db.update(user).set({ adminLanguage: "en" }).where(eq(user.email, "author2@example.com"));
    await app.handle.db.insert(pageContent).values([{ pageName: "home", sectionName: "hero_title", contentValue: "Live hero" }]);
  });

  return { cookies, people, client, comment, resolve, view, stagedRelease };
}
