import fs from "node:fs";
import { Readable } from "node:stream";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { listBackupsFor, storedBackupPath } from "~/features/backup/backup-store.server";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import { backupDownloadSchema, backupMessages } from "~/features/backup/schema";
import type { Route } from "./+types/admin.backups.download";

const noStore = { "Cache-Control": "no-store" };

/**
 * GET /admin/backups/download?file=NAME streams one stored archive to an administrator (it holds
 * password hashes and sessions, so never to anyone else, and never cached); without `file` it
 * lists the stored archives.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireMember(request, "backups.manage");
  const name = url.searchParams.get("file");
  if (name === null) return Response.json({ backups: await listBackupsFor(admin) }, { headers: noStore });
  const parsed = backupDownloadSchema.safeParse({ file: name });
  const file = parsed.success ? storedBackupPath(admin, parsed.data.file) : null;
  if (!parsed.success || !file) return Response.json({ message: backupMessages.invalidName }, { status: 404, headers: noStore });
  const { size } = fs.statSync(file);
  recordEventInBackground(getDb(), {
    kind: "backup.download",
    area: "backups",
    actor: { id: admin.id, email: admin.email },
    target: parsed.data.file,
  });
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: {
      ...noStore,
      "Content-Type": "application/gzip",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${parsed.data.file}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
