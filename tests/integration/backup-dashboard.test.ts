import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activityEvents } from "~/db/schema";
import { listBackups, startBackupSchedule } from "~/features/backup/backup-store.server";
import { setEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { loader as downloadLoader } from "~/routes/admin.backups.download";
import { action, loader } from "~/routes/admin.other.backups";
import { siteRequest, signUpAndGetCookie, onBothDatabases, useTestApp } from "../support/test-database";
import { callRoute, postForm } from "../support/admin-routes";

describe.each(onBothDatabases)("the 'Резервные копии' section on %s", (kind) => {
  const app = useTestApp(kind, { BACKUP_KEEP: "2" });
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
  });

  const create = () => callRoute(action, postForm("/admin/other/backups", { intent: "create-backup" }, admin));

  it("creates an archive, lists it, records who made it, and keeps the newest BACKUP_KEEP", async () => {
    expect((await callRoute(loader, siteRequest("/admin/other/backups", { cookie: admin }))).body).toMatchObject({
      backups: [],
      keep: 2,
      every: null,
    });
    for (let count = 0; count < 3; count++) expect((await create()).body).toEqual({ ok: true, intent: "create-backup" });
    const answer = await callRoute(loader, siteRequest("/admin/other/backups", { cookie: admin }));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.backups).toHaveLength(2);
    expect(answer.body.backups[0]).toMatchObject({
      name: expect.stringMatching(/^site-backup-\d{8}T\d{9}Z\.tar\.gz$/),
      bytes: expect.any(Number),
    });
    const events = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.kind, "backup.create"));
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ area: "backups", userEmail: "admin@example.com" });
  });

  it("refuses junk with 400 and writes nothing", async () => {
    const before = await listBackups(app.env.BACKUP_DIR);
    for (const fields of [{}, { intent: "restore-backup" }, { intent: "create-backup ; rm" }] as Record<string, string>[]) {
      expect((await callRoute(action, postForm("/admin/other/backups", fields, admin))).status).toBe(400);
    }
    expect(await listBackups(app.env.BACKUP_DIR)).toEqual(before);
  });

  it("streams a stored archive to an administrator, uncached, and nothing but stored archives", async () => {
    const [newest] = await listBackups(app.env.BACKUP_DIR);
    const response = (await downloadLoader({
      request: siteRequest(`/admin/backups/download?file=${newest!.name}`, { cookie: admin }),
      url: new URL(`http://localhost:3000/admin/backups/download?file=${newest!.name}`),
      params: {},
      context: { nonce: "" },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${newest!.name}"`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fs.readFileSync(path.join(app.env.BACKUP_DIR, newest!.name)));
    fs.writeFileSync(path.join(app.env.DATA_DIR, "auth-secret"), "secret");
    for (const name of ["../auth-secret", "..%2Fauth-secret", "/etc/passwd", "site-backup-20260101T000000000Z.tar.gz", "auth-secret"]) {
      const answer = await callRoute(downloadLoader, siteRequest(`/admin/backups/download?file=${name}`, { cookie: admin }));
      expect({ name, status: answer.status }).toEqual({ name, status: 404 });
    }
    const list = await callRoute(downloadLoader, siteRequest("/admin/backups/download", { cookie: admin }));
    expect(list.body.backups).toHaveLength(2);
  });

  it("makes scheduled backups, and a failing one is logged loudly without stopping anything", async () => {
    const before = (await listBackups(app.env.BACKUP_DIR)).map((backup) => backup.name);
    const stop = startBackupSchedule(300);
    await vi.waitFor(async () => expect((await listBackups(app.env.BACKUP_DIR))[0]!.name > before[0]!).toBe(true), { timeout: 20_000 });
    // The archive is on disk before its line in the log is written: wait for the line, newest last.
    await vi.waitFor(
      async () => {
        const events = await app.handle.db
          .select()
          .from(activityEvents)
          .where(eq(activityEvents.kind, "backup.create"))
          .orderBy(asc(activityEvents.id));
        expect(events.at(-1)).toMatchObject({ userEmail: null, details: expect.objectContaining({ via: "schedule" }) });
      },
      { timeout: 20_000 },
    );
    await stop();
    const failures = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const blocked = path.join(app.env.DATA_DIR, "not-a-directory");
    fs.writeFileSync(blocked, "");
    setEnv({ ...app.env, BACKUP_DIR: blocked });
    const stopFailing = startBackupSchedule(200);
    await vi.waitFor(() => expect(failures).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/^SCHEDULED BACKUP FAILED/)), {
      timeout: 20_000,
    });
    await stopFailing();
    setEnv(app.env);
    failures.mockRestore();
  });
});
