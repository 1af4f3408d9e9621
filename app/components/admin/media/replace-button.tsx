import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { FileButton } from "~/components/ui/file-button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { inLanguage } from "~/features/admin-i18n/messages";
import { MEDIA_REPLACE_PATH } from "~/features/media/library";

/**
 * A new version of an image, in place: every page, setting and block that shows it shows the new
 * one (or, while the administrator drafts a release, will once it publishes).
 */
export function ReplaceButton({ name, version }: { name: string; version?: number }) {
  const { m, language } = useMessages();
  const t = m.media;
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const number = new Intl.NumberFormat(language);

  async function replace(file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    setBusy(true);
    try {
      const response = await fetch(
        `${MEDIA_REPLACE_PATH}?${new URLSearchParams({ file: name, ...(version === undefined ? {} : { version: String(version) }) })}`,
        {
          method: "POST",
          headers: { "content-type": file.type || "application/octet-stream" },
          body: file,
        },
      );
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
    <FileButton
      icon={<RefreshCw aria-hidden="true" />}
      label={t.replace}
      busyLabel={t.replacing}
      busy={busy}
      accept="image/jpeg,image/png,image/gif,image/webp"
      ariaLabel={t.replaceFile({ name })}
      onFile={(file, input) => void replace(file, input)}
    />
  );
}
