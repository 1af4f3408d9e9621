import { Loader2, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { contentMessages } from "~/features/content/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { CONTENT_ACTION, contentIntents } from "~/features/content/intents";

/** Initialize All Content: asks first, because every page's stored content is replaced. */
export function InitializeContentButton() {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "initialize-content" });
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.content.success, inLanguage(language, contentMessages.initialized)),
    onFailure: (failure) => toastError(m.content.error, inLanguage(language, failure.message || contentMessages.initializeFailed)),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" /> : <RotateCcw />}
          {busy ? m.content.initializing : m.content.initialize}
        </Button>
      }
      title={m.content.initializeTitle}
      description={m.content.initializeDescription}
      confirmLabel={m.content.initializeConfirm}
      cancelLabel={m.content.cancel}
      onConfirm={() => void fetcher.submit({ intent: contentIntents.initialize }, { method: "post", action: CONTENT_ACTION })}
    />
  );
}
