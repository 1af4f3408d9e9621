import { Loader2, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { contentMessages } from "~/features/content/schema";
import { CONTENT_ACTION, contentIntents } from "~/features/content/intents";

/** Initialize All Content: asks first, because every page's stored content is replaced. */
export function InitializeContentButton() {
  const fetcher = useFetcher<ActionResult>({ key: "initialize-content" });
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess("Success", contentMessages.initialized),
    onFailure: (failure) => toastError("Error", failure.message || contentMessages.initializeFailed),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" /> : <RotateCcw />}
          {busy ? "Initializing..." : "Initialize All Content"}
        </Button>
      }
      title="Initialize all content?"
      description="Every page's content (all sections except the global settings and page links) is replaced by the default content. Changes made here, including the legal pages' texts, are lost."
      confirmLabel="Initialize"
      onConfirm={() => void fetcher.submit({ intent: contentIntents.initialize }, { method: "post", action: CONTENT_ACTION })}
    />
  );
}
