import { History, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/platform/action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { HISTORY_PATH, historyIntents, type RevisionView } from "~/features/history/schema";
import { inLanguage } from "~/features/admin-i18n/messages";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatWhen, revisionActionLabel } from "./labels";
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
  const { m, language } = useMessages();
  const [open, setOpen] = useState(false);
  const history = useFetcher<HistoryAnswer>();
  const restore = useFetcher();
  const load = () => history.load(`${HISTORY_PATH}?key=${encodeURIComponent(historyKey)}`);
  useActionResult(restore, {
    onSuccess: () => {
      toastSuccess(m.history.success, m.history.restored);
      load();
    },
    onFailure: (failure) => {
      toastError(m.history.error, inLanguage(language, failure.message) || m.history.restoreFailed);
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
        <Button type="button" variant="ghost" size="sm" aria-label={m.history.openFor({ title })}>
          <History aria-hidden="true" />
          {m.history.open}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div>
              <Dialog.Title className="text-lg font-semibold">{m.history.title({ title })}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{m.history.description}</Dialog.Description>
            </div>
            <Dialog.Close className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label={m.history.close}>
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-5">
            {history.state === "loading" && !history.data ? <p className="text-sm text-slate-600">{m.history.loading}</p> : null}
            {history.data && revisions.length === 0 ? <p className="text-sm text-slate-600">{m.history.empty}</p> : null}
            <ol className="space-y-4">
              {revisions.map((revision, index) => (
                <li key={revision.id} className="rounded-lg border border-slate-200 p-3" data-testid="revision">
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm">
                      <span className="font-medium">{revisionActionLabel(m, revision.action)}</span>
                      <span className="text-slate-600">
                        {" "}
                        · {revision.by ?? m.history.system} · {formatWhen(language, revision.at)}
                      </span>
                    </p>
                    {index === 0 && revision.after !== null ? (
                      <span className="text-xs text-slate-500">{m.history.current}</span>
                    ) : (
                      <ConfirmDialog
                        trigger={
                          <Button type="button" variant="outline" size="sm" disabled={restore.state !== "idle"}>
                            {m.history.restore}
                          </Button>
                        }
                        title={m.history.restoreTitle}
                        description={m.history.restoreDescription({ title, when: formatWhen(language, revision.at) })}
                        confirmLabel={m.history.restore}
                        cancelLabel={m.history.cancel}
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
