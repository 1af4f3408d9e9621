import { useFetcher } from "react-router";
import { formatWhen } from "~/components/admin/history/labels";
import { useActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { HISTORY_PATH, historyIntents, historyMessages, type RevisionView } from "~/features/history/schema";

export interface InitializeGroup {
  groupId: string | null;
  at: string;
  by: string | null;
  changed: number;
}

const deletedLabels: [prefix: string, label: string][] = [
  ["menu:", "Пункт меню"],
  ["page:", "Страница"],
  ["redirect:", "Переадресация"],
];

const describeDeleted = (revision: RevisionView) => {
  const label = deletedLabels.find(([prefix]) => revision.key.startsWith(prefix))?.[1];
  return label ? `${label}: ${revision.before ?? revision.key}` : `${revision.key}: ${revision.before ?? ""}`;
};

/** What can be brought back whole: deleted sections and menu items, and Initialize All Content. */
export function RestorePanel({ deleted, groups }: { deleted: RevisionView[]; groups: InitializeGroup[] }) {
  const fetcher = useFetcher();
  useActionResult(fetcher, {
    onSuccess: (result) =>
      toastSuccess("Успех", result.intent === historyIntents.undoGroup ? "Инициализация отменена" : historyMessages.restored),
    onFailure: (failure) => toastError("Ошибка", failure.message || historyMessages.restoreFailed),
  });
  const busy = fetcher.state !== "idle";
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="deleted-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="deleted-heading" className="font-semibold">
          Удалённые
        </h3>
        {deleted.length === 0 ? <p className="mt-2 text-sm text-slate-600">Удалённых разделов и пунктов меню нет.</p> : null}
        <ul className="mt-2 divide-y divide-slate-100">
          {deleted.map((revision) => (
            <li key={revision.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="deleted-entry">
              <span className="min-w-0">
                <span className="block truncate">{describeDeleted(revision)}</span>
                <span className="text-slate-600">
                  {revision.by ?? "система"} · {formatWhen(revision.at)}
                </span>
              </span>
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm" disabled={busy}>
                    Вернуть
                  </Button>
                }
                title="Вернуть удалённое?"
                description={`${describeDeleted(revision)} снова появится на сайте таким, каким был до удаления.`}
                confirmLabel="Вернуть"
                cancelLabel="Отмена"
                onConfirm={() =>
                  fetcher.submit(
                    { intent: historyIntents.restore, key: revision.key, revisionId: revision.id, version: revision.id },
                    { method: "post", action: HISTORY_PATH },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="groups-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="groups-heading" className="font-semibold">
          Инициализация контента
        </h3>
        {groups.length === 0 ? <p className="mt-2 text-sm text-slate-600">Контент ещё не инициализировался.</p> : null}
        <ul className="mt-2 divide-y divide-slate-100">
          {groups.map((group) => (
            <li key={group.groupId} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="initialize-group">
              <span>
                {group.by ?? "система"} · {formatWhen(group.at)} · изменено разделов: {group.changed}
              </span>
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm" disabled={busy}>
                    Отменить
                  </Button>
                }
                title="Отменить инициализацию?"
                description="Все разделы, которые заменила эта инициализация, вернутся к прежним значениям. Отмену тоже можно будет отменить через историю."
                confirmLabel="Отменить инициализацию"
                cancelLabel="Назад"
                onConfirm={() =>
                  fetcher.submit(
                    { intent: historyIntents.undoGroup, groupId: group.groupId ?? "" },
                    { method: "post", action: HISTORY_PATH },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
