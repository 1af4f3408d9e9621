import { History, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/platform/action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { HISTORY_PATH, historyIntents, historyMessages, type RevisionView } from "~/features/history/schema";
import { formatWhen, revisionActionLabels } from "./labels";
import { RevisionValue } from "./revision-value";

interface HistoryAnswer {
  ok: boolean;
  revisions: RevisionView[];
  version: number;
  message?: string;
}

/**
 * The 'История' control of a card: its earlier values newest first with who and when, each
 * restorable after one confirmation. A restore is itself a revision, so it can be undone too.
 */
// long-function: one dialog: loading revisions, the list and the confirmed restore share its state
export function HistoryDialog({ historyKey, title }: { historyKey: string; title: string }) {
  const [open, setOpen] = useState(false);
  const history = useFetcher<HistoryAnswer>();
  const restore = useFetcher();
  const load = () => history.load(`${HISTORY_PATH}?key=${encodeURIComponent(historyKey)}`);
  useActionResult(restore, {
    onSuccess: () => {
      toastSuccess("Успех", historyMessages.restored);
      load();
    },
    onFailure: (failure) => {
      toastError("Ошибка", failure.message || historyMessages.restoreFailed);
      load();
    },
  });
  const revisions = history.data?.revisions ?? [];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) load();
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`История: ${title}`}>
          <History aria-hidden="true" />
          История
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div>
              <Dialog.Title className="text-lg font-semibold">История: {title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">Прежние значения, новые сверху.</Dialog.Description>
            </div>
            <Dialog.Close className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label="Закрыть">
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-5">
            {history.state === "loading" && !history.data ? <p className="text-sm text-slate-600">Загрузка...</p> : null}
            {history.data && revisions.length === 0 ? <p className="text-sm text-slate-600">Изменений пока нет.</p> : null}
            <ol className="space-y-4">
              {revisions.map((revision, index) => (
                <li key={revision.id} className="rounded-lg border border-slate-200 p-3" data-testid="revision">
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm">
                      <span className="font-medium">{revisionActionLabels[revision.action] ?? revision.action}</span>
                      <span className="text-slate-600">
                        {" "}
                        · {revision.by ?? "система"} · {formatWhen(revision.at)}
                      </span>
                    </p>
                    {index === 0 && revision.after !== null ? (
                      <span className="text-xs text-slate-500">текущее значение</span>
                    ) : (
                      <ConfirmDialog
                        trigger={
                          <Button type="button" variant="outline" size="sm" disabled={restore.state !== "idle"}>
                            Восстановить
                          </Button>
                        }
                        title="Восстановить эту версию?"
                        description={`Значение «${title}» станет таким, каким оно было после этого изменения (${formatWhen(revision.at)}). Это действие тоже попадёт в историю.`}
                        confirmLabel="Восстановить"
                        cancelLabel="Отмена"
                        onConfirm={() =>
                          restore.submit(
                            {
                              intent: historyIntents.restore,
                              key: historyKey,
                              revisionId: revision.id,
                              version: history.data?.version ?? "",
                            },
                            { method: "post", action: HISTORY_PATH },
                          )
                        }
                      />
                    )}
                  </div>
                  <RevisionValue revision={revision} />
                </li>
              ))}
            </ol>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
