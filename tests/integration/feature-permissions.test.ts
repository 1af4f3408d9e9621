// Permissions where the features do the work, not only in the routes: each feature function of
// the contact inbox, backups, uploads, the media library, the team and statistics takes the one asking and refuses a
// role without the permission with the one refusal type (403, the message in that person's
// dashboard language) and changes nothing. A new route that forgets its own check is still refused.
import { Readable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminInvitations, adminUsers, contactMessages, session, user } from "~/db/schema";
import { exportArchive } from "~/features/archive/export.server";
import { pageAsOf, pageTimeline } from "~/features/archive/read.server";
import { createInvitation, withdrawInvitation } from "~/features/auth/invitations.server";
import { createStoredBackup, listBackupsFor, storedBackupPath } from "~/features/backup/backup-store.server";
import { restoreBackup } from "~/features/backup/restore-backup.server";
import { deleteMessage, exportMessages, listMessages, setMessageRead } from "~/features/contact/inbox.server";
import { inboxFilterSchema } from "~/features/contact/messages-schema";
import { retryNotification } from "~/features/contact/outbox.server";
import { loadStatistics } from "~/features/statistics/dashboard.server";
import { statisticsQuerySchema } from "~/features/statistics/schema";
import { deleteAccount, endSessions, grantAdmin, listTeam, revokeAdmin, setRole } from "~/features/team/team.server";
import { deleteMediaFile, listLibrary } from "~/features/media/library.server";
import { libraryQuerySchema } from "~/features/media/query";
import { uploadToLibrary } from "~/features/media/upload.server";
import { removeUpload, storeUpload } from "~/features/uploads/storage.server";
import { localUploadStore } from "~/features/uploads/upload-store.server";
import type { Person } from "~/platform/person";
import { isRefusal } from "~/platform/refusal";
import { tinyImages } from "../support/images";
import { onEmbeddedDatabase, signUpAndGetCookie, useTestApp } from "../support/test-database";

const person = (role: string, language?: string): Person => ({ id: `feature-${role}`, email: `${role}@example.com`, role, language });
const author = person("author");
const reviewer = person("reviewer");
const publisher = person("publisher");
const analyst = person("analyst");
const translator = person("translator");
const englishAuthor = person("author", "en");

/** The refusal a call ends in (status and message), or "done" when it went through. */
async function outcome(call: () => unknown) {
  try {
    await call();
    return "done";
  } catch (error) {
    if (isRefusal(error)) return { status: error.status, message: error.message };
    throw error;
  }
}

const refusedAs = (role: string) => ({ status: 403, message: expect.stringContaining(`Роль «${role}» не даёт права`) });

describe.each(onEmbeddedDatabase)("feature functions check the permission themselves on %s", (kind) => {
  const app = useTestApp(kind);

  it("the contact inbox: reading and exporting need messages.read, marking and deleting messages.manage", async () => {
    const db = app.handle.db;
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Visitor", email: "v@example.com", subject: "general", message: "Hello", clientHash: "x", notifyStatus: "failed" })
      .returning({ id: contactMessages.id });
    const filter = inboxFilterSchema.parse({});
    expect(await outcome(() => listMessages(db, reviewer, filter))).toEqual(refusedAs("Рецензент"));
    expect(await outcome(() => exportMessages(db, author, filter))).toEqual(refusedAs("Автор"));
    expect(await outcome(() => setMessageRead(db, analyst, message!.id, true))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => deleteMessage(db, analyst, message!.id))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => retryNotification(db, publisher, message!.id))).toEqual(refusedAs("Публикатор"));
    // The refusal changed nothing; the analyst reads what it may.
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(stored).toMatchObject({ isRead: false, notifyStatus: "failed" });
    expect((await listMessages(db, analyst, filter)).total).toBe(1);
    expect(await exportMessages(db, analyst, filter)).toHaveLength(1);
    // In the refused person's own language.
    expect(await outcome(() => listMessages(db, englishAuthor, filter))).toEqual({
      status: 403,
      message: "The role “Author” does not allow this: read the contact form's messages",
    });
  });

  it("the archive: the site as of a date, a page's versions and exports need archive.view", async () => {
    const db = app.handle.db;
    const now = new Date();
    expect(await outcome(() => pageAsOf(db, author, "/", now))).toEqual(refusedAs("Автор"));
    expect(await outcome(() => pageTimeline(db, publisher, "/"))).toEqual(refusedAs("Публикатор"));
    expect(await outcome(() => exportArchive(db, author, { from: now, to: now }))).toEqual(refusedAs("Автор"));
    // The reviewer and the analyst may: past the check, the empty archive says so.
    expect(await pageTimeline(db, analyst, "/")).toEqual([]);
    expect(await outcome(() => pageAsOf(db, reviewer, "/", now))).toEqual({
      status: 404,
      message: expect.stringContaining("Архив пока пуст"),
    });
  });

  it("backups: creating, listing, downloading and restoring need backups.manage", async () => {
    const dataDir = app.env.DATA_DIR;
    expect(await outcome(() => createStoredBackup(author, "dashboard"))).toEqual(refusedAs("Автор"));
    expect(await outcome(() => listBackupsFor(publisher))).toEqual(refusedAs("Публикатор"));
    expect(await outcome(() => storedBackupPath(analyst, "site-backup-20260101T000000000Z.tar.gz"))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => restoreBackup({ actor: reviewer, file: "/nonexistent.tar.gz", dataDir }))).toEqual(refusedAs("Рецензент"));
    expect(await listBackupsFor(person("administrator"))).toEqual([]);
  });

  it("uploads: storing and removing an image, and uploading into the media library, need uploads.create", async () => {
    const dataDir = app.env.DATA_DIR;
    const upload = (actor: Person) => storeUpload(Readable.from([tinyImages.png]), { actor, dataDir, settingKey: "about_image" });
    expect(await outcome(() => upload(reviewer))).toEqual(refusedAs("Рецензент"));
    expect(await outcome(() => upload(analyst))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => removeUpload(reviewer, dataDir, "about_image_1.png"))).toEqual(refusedAs("Рецензент"));
    // The media library's own uploads, whatever route calls them.
    const toLibrary = (actor: Person) =>
      uploadToLibrary(app.handle.db, localUploadStore(dataDir), actor, Readable.from([tinyImages.png]), { name: "photo.png", dataDir });
    expect(await outcome(() => toLibrary(analyst))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => toLibrary(reviewer))).toEqual(refusedAs("Рецензент"));
    expect(await outcome(() => upload(translator))).toBe("done");
  });

  it("the media library: listing needs uploads.create, deleting a file media.delete, and a refused deletion keeps the file", async () => {
    const db = app.handle.db;
    const store = localUploadStore(app.env.DATA_DIR);
    const query = libraryQuerySchema.parse({});
    const stored = await storeUpload(Readable.from([tinyImages.png]), {
      actor: author,
      dataDir: app.env.DATA_DIR,
      settingKey: "media_file",
      db,
    });
    expect(await outcome(() => listLibrary(db, store, reviewer, query))).toEqual(refusedAs("Рецензент"));
    expect(await outcome(() => listLibrary(db, store, analyst, query))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => deleteMediaFile(db, store, author, stored.fileName))).toEqual(refusedAs("Автор"));
    expect(await outcome(() => deleteMediaFile(db, store, translator, stored.fileName))).toEqual(refusedAs("Переводчик"));
    expect(await outcome(() => deleteMediaFile(db, store, englishAuthor, stored.fileName))).toEqual({
      status: 403,
      message: expect.stringContaining("does not allow"),
    });
    expect((await listLibrary(db, store, translator, query)).files.map((file) => file.name)).toContain(stored.fileName);
    expect(await outcome(() => deleteMediaFile(db, store, publisher, stored.fileName))).toBe("done");
  });

  it("the team: listing, roles, deletions, sessions and invitations need team.manage", async () => {
    const db = app.handle.db;
    await signUpAndGetCookie(app.auth, "first-admin@example.com");
    await signUpAndGetCookie(app.auth, "member@example.com");
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, "member@example.com"));
    const before = {
      roles: await db.select().from(adminUsers),
      users: (await db.select({ n: count() }).from(user))[0]!.n,
      sessions: (await db.select({ n: count() }).from(session))[0]!.n,
    };
    const id = member!.id;
    expect(await outcome(() => listTeam(db, analyst))).toEqual(refusedAs("Аналитик"));
    expect(await outcome(() => setRole(db, publisher, id, { role: "administrator" }))).toEqual(refusedAs("Публикатор"));
    expect(await outcome(() => grantAdmin(db, author, id))).toEqual(refusedAs("Автор"));
    expect(await outcome(() => revokeAdmin(db, reviewer, id))).toEqual(refusedAs("Рецензент"));
    expect(await outcome(() => deleteAccount(db, translator, id))).toEqual(refusedAs("Переводчик"));
    expect(await outcome(() => endSessions(db, publisher, id))).toEqual(refusedAs("Публикатор"));
    expect(await outcome(() => createInvitation(db, author, { email: "new@example.com", role: "administrator" }))).toEqual(
      refusedAs("Автор"),
    );
    expect(await outcome(() => withdrawInvitation(db, analyst, 1))).toEqual(refusedAs("Аналитик"));
    expect(await db.select().from(adminInvitations)).toEqual([]);
    expect({
      roles: await db.select().from(adminUsers),
      users: (await db.select({ n: count() }).from(user))[0]!.n,
      sessions: (await db.select({ n: count() }).from(session))[0]!.n,
    }).toEqual(before);
  });

  it("statistics: the dashboard's figures and their export need statistics.view", async () => {
    const query = statisticsQuerySchema.parse({});
    expect(await outcome(() => loadStatistics(app.handle.db, publisher, query))).toEqual(refusedAs("Публикатор"));
    expect(await outcome(() => loadStatistics(app.handle.db, englishAuthor, query))).toEqual({
      status: 403,
      message: "The role “Author” does not allow this: see visit statistics",
    });
    expect(await outcome(() => loadStatistics(app.handle.db, analyst, query))).toBe("done");
  });
});
