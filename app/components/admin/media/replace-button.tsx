import { Loader2, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { buttonVariants } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { inLanguage } from "~/features/admin-i18n/messages";
import { MEDIA_REPLACE_PATH } from "~/features/media/library";

/**
 * A new version of an image, in place: every page, setting and block that shows it shows the new
 * one (or, while the administrator drafts a release, will once it publishes).
 */
export function ReplaceButton({ name }: { name: string }) {
  const { m, language } = useMessages();
  const t = m.media;
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const number = new Intl.NumberFormat(language);

  async function replace(file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    setBusy(true);
    try {
      const response = await fetch(`${MEDIA_REPLACE_PATH}?file=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream" },
        body: file,
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; records?: number; staged?: boolean };
      if (!response.ok) toastError(m.common.error, inLanguage(language, answer.message) || t.replaceFailed);
      else {
        const count = number.format(answer.records ?? 0);
        toastSuccess(m.common.done, answer.staged ? t.replacedStaged({ count }) : t.replaced({ count }));
      }
    } catch {
      toastError(m.common.error, t.replaceFailed);
    } finally {
      input.value = "";
      setBusy(false);
      void revalidator.revalidate();
    }
  }

  return (
    <label
      htmlFor={inputId}
      className={`${buttonVariants({ variant: "outline", size: "sm" })} cursor-pointer focus-within:outline-2 focus-within:outline-indigo-600`}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
      {busy ? t.replacing : t.replace}
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        aria-label={t.replaceFile({ name })}
        disabled={busy}
        onChange={(event) => void replace(event.currentTarget.files?.[0], event.currentTarget)}
      />
    </label>
  );
}
