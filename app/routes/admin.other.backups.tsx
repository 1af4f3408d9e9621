import { data } from "react-router";
import { BackupsPanel } from "~/components/admin/other/backups-panel";
import { answerFailuresInPlace } from "~/platform/action-result";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { createStoredBackup, listBackupsFor } from "~/features/backup/backup-store.server";
import { getEnv } from "~/platform/env.server";
import { requireMember } from "~/features/auth/permissions.server";
import { backupCreateSchema, backupMessages } from "~/features/backup/schema";
import type { Route } from "./+types/admin.other.backups";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.backups.title);

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "backups.manage");
  const env = getEnv();
  return data(
    { backups: await listBackupsFor(member, env.BACKUP_DIR), every: env.BACKUP_EVERY ?? null, keep: env.BACKUP_KEEP },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Creates an archive of the running site in BACKUP_DIR (the only write of this section). */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireMember(request, "backups.manage");
  const form = await readForm(request);
  const parsed = backupCreateSchema.safeParse(form);
  if (!parsed.success) return refused(form.intent ?? "", parsed.error, backupMessages.invalidRequest);
  return runAction(
    parsed.data.intent,
    async () => {
      await createStoredBackup(admin, "dashboard");
      return succeeded(parsed.data.intent);
    },
    { log: "backup from the dashboard failed", message: backupMessages.createFailed },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherBackups({ loaderData }: Route.ComponentProps) {
  return <BackupsPanel backups={loaderData.backups} every={loaderData.every} keep={loaderData.keep} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.backups.title} fallback={m.backups.failedToLoad} />;
}
