import { DatabaseBackup, Download, Loader2, ShieldAlert } from "lucide-react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { backupIntents, backupMessages } from "~/features/backup/schema";

export interface BackupListItem {
  name: string;
  bytes: number;
  createdAt: string;
}

const sizeFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });
const dateFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

function formatSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} КБ`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} МБ`;
}

function formatInterval(milliseconds: number) {
  const hours = milliseconds / 3_600_000;
  return hours >= 1 && Number.isInteger(hours) ? `${hours} ч` : `${Math.round(milliseconds / 60_000)} мин`;
}

/** The 'Резервные копии' section: make an archive of the site now, download stored ones. */
// long-function: one section: make-now form, schedule note and the list of archives, read in order
export function BackupsPanel({ backups, every, keep }: { backups: BackupListItem[]; every: number | null; keep: number }) {
  const fetcher = useFetcher<ActionResult>({ key: "create-backup" });
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess("Готово", backupMessages.created),
    onFailure: (failure) => toastError("Ошибка", failure.message || backupMessages.createFailed),
  });
  return (
    <section aria-labelledby="backups-heading" className="grid gap-6">
      <div>
        <h2 id="backups-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <DatabaseBackup aria-hidden="true" className="size-5 text-indigo-600" />
          Резервные копии
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Архив содержит все таблицы базы данных и все загруженные изображения с их копиями.{" "}
          {every
            ? `Копии создаются автоматически каждые ${formatInterval(every)}; хранятся последние ${keep}.`
            : "Автоматические копии выключены (переменная BACKUP_EVERY)."}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Новая копия</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />В архиве есть учётные записи с хэшами паролей и открытые
            сеансы. Храните его так же надёжно, как саму базу данных.
          </p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={backupIntents.create} />
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <DatabaseBackup aria-hidden="true" />}
              {busy ? "Создаётся…" : "Создать резервную копию"}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Сохранённые копии</CardTitle>
        </CardHeader>
        <CardContent>
          {backups.length === 0 ? (
            <p className="text-sm text-slate-600">Резервных копий пока нет.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Сохранённые резервные копии">
              {backups.map((backup) => (
                <li key={backup.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm text-slate-900">{backup.name}</p>
                    <p className="text-sm text-slate-600">
                      {dateFormat.format(new Date(backup.createdAt))} UTC · {formatSize(backup.bytes)}
                    </p>
                  </div>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/admin/backups/download?file=${encodeURIComponent(backup.name)}`}
                      download
                      aria-label={`Скачать ${backup.name}`}
                    >
                      <Download aria-hidden="true" />
                      Скачать
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
          <CardTitle>Восстановление</CardTitle>
          <CardDescription>
            Восстановление заменяет всю базу и все изображения, поэтому выполняется командой на сервере, когда сайт остановлен:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
            <code>npm run restore -- site-backup-….tar.gz</code>
          </pre>
        </CardContent>
      </Card>
    </section>
  );
}
