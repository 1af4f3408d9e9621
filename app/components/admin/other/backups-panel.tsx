import { DatabaseBackup, Download, Loader2, ShieldAlert } from "lucide-react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatDateTime, formatNumber } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";
import { backupIntents } from "~/features/backup/schema";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

export interface BackupListItem {
  name: string;
  bytes: number;
  createdAt: string;
}

function formatSize(m: Catalogue, language: AdminLanguage, bytes: number) {
  if (bytes < 1024 * 1024) return m.backups.kilobytes({ size: formatNumber(language, bytes / 1024, 1) });
  return m.backups.megabytes({ size: formatNumber(language, bytes / 1024 / 1024, 1) });
}

function formatInterval(m: Catalogue, milliseconds: number) {
  const hours = milliseconds / 3_600_000;
  return hours >= 1 && Number.isInteger(hours)
    ? m.backups.hours({ count: hours })
    : m.backups.minutes({ count: Math.round(milliseconds / 60_000) });
}

/** The 'Резервные копии' section: make an archive of the site now, download stored ones. */
// long-function: one section: make-now form, schedule note and the list of archives, read in order
export function BackupsPanel({ backups, every, keep }: { backups: BackupListItem[]; every: number | null; keep: number }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "create-backup" });
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.backups.done, m.backups.created),
    onFailure: (failure) => toastError(m.backups.error, inLanguage(language, failure.message) || m.backups.createFailed),
  });
  return (
    <section aria-labelledby="backups-heading" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <PanelHeading id="backups-heading" icon={DatabaseBackup}>
          {m.backups.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">
          {m.backups.contents} {every ? m.backups.schedule({ every: formatInterval(m, every), keep }) : m.backups.scheduleOff}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.backups.newCopy}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {m.backups.warning}
          </p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={backupIntents.create} />
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <DatabaseBackup aria-hidden="true" />}
              {busy ? m.backups.creating : m.backups.create}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.backups.stored}</CardTitle>
        </CardHeader>
        <CardContent>
          {backups.length === 0 ? (
            <p className="text-sm text-slate-600">{m.backups.none}</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={m.backups.list}>
              {backups.map((backup) => (
                <li key={backup.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm text-slate-900">{backup.name}</p>
                    <p className="text-sm text-slate-600">
                      {m.backups.entry({
                        when: formatDateTime(language, backup.createdAt, { date: "long", time: "short" }),
                        size: formatSize(m, language, backup.bytes),
                      })}
                    </p>
                  </div>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/admin/backups/download?file=${encodeURIComponent(backup.name)}`}
                      download
                      aria-label={m.backups.downloadFile({ name: backup.name })}
                    >
                      <Download aria-hidden="true" />
                      {m.backups.download}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.backups.restoreTitle}</CardTitle>
          <CardDescription>{m.backups.restoreDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="relative overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
            {/* i18n-ignore: a command, typed as it is in every language */}
            <code>npm run restore -- site-backup-….tar.gz</code>
          </pre>
        </CardContent>
      </Card>
    </section>
  );
}
