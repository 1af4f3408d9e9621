import { useFetcher } from "react-router";
import { formatWhen } from "~/components/admin/history/labels";
import { useActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";
import { HISTORY_PATH, historyIntents, type RevisionView } from "~/features/history/schema";

export interface InitializeGroup {
  groupId: string | null;
  at: string;
  by: string | null;
  changed: number;
}

const deletedLabels: [prefix: string, label: keyof Catalogue["activity"]["restore"]][] = [
  ["menu:", "menuItem"],
  ["page:", "page"],
  ["redirect:", "redirect"],
];

const describeDeleted = (m: Catalogue, revision: RevisionView) => {
  const key = deletedLabels.find(([prefix]) => revision.key.startsWith(prefix))?.[1];
  const label = key ? (m.activity.restore[key] as string) : undefined;
  return label ? `${label}: ${revision.before ?? revision.key}` : `${revision.key}: ${revision.before ?? ""}`;
};

/** What can be brought back whole: deleted sections and menu items, and Initialize All Content. */
// long-function: two lists that share one fetcher and its toasts, each with its confirmation, read side by side
export function RestorePanel({ deleted, groups }: { deleted: RevisionView[]; groups: InitializeGroup[] }) {
  const { m, language } = useMessages();
  const r = m.activity.restore;
  const fetcher = useFetcher();
  useActionResult(fetcher, {
    onSuccess: (result) => toastSuccess(r.success, result.intent === historyIntents.undoGroup ? r.undone : m.history.restored),
    onFailure: (failure) => toastError(r.error, inLanguage(language, failure.message) || m.history.restoreFailed),
  });
  const busy = fetcher.state !== "idle";
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <section aria-labelledby="deleted-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="deleted-heading" className="font-semibold">
          {r.deleted}
        </h3>
        {deleted.length === 0 ? <p className="mt-2 text-sm text-slate-600">{r.noDeleted}</p> : null}
        <ul className="mt-2 divide-y divide-slate-100">
          {deleted.map((revision) => (
            <li key={revision.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="deleted-entry">
              <span className="min-w-0">
                <span className="block truncate">{describeDeleted(m, revision)}</span>
                <span className="break-words text-slate-600">
                  {revision.by ?? r.system} · {formatWhen(language, revision.at)}
                </span>
              </span>
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm" disabled={busy}>
                    {r.bringBack}
                  </Button>
                }
                title={r.bringBackTitle}
                description={r.bringBackDescription({ what: describeDeleted(m, revision) })}
                confirmLabel={r.bringBack}
                cancelLabel={r.cancel}
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
          {r.groups}
        </h3>
        {groups.length === 0 ? <p className="mt-2 text-sm text-slate-600">{r.noGroups}</p> : null}
        <ul className="mt-2 divide-y divide-slate-100">
          {groups.map((group) => (
            <li key={group.groupId} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="initialize-group">
              <span className="min-w-0 break-words">
                {group.by ?? r.system} · {formatWhen(language, group.at)} · {r.changed({ count: group.changed })}
              </span>
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm" disabled={busy}>
                    {r.undo}
                  </Button>
                }
                title={r.undoTitle}
                description={r.undoDescription}
                confirmLabel={r.undoConfirm}
                cancelLabel={r.back}
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
