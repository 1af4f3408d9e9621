import { Languages } from "lucide-react";
import { useFetcher } from "react-router";
import { cn } from "~/platform/cn";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { adminLanguages, languageNames, type AdminLanguage } from "~/features/admin-i18n/language";
import { LANGUAGE_ACTION } from "~/features/admin-i18n/intents";
import { messagesOf } from "~/features/admin-i18n/messages";
import { useMessages } from "./messages-context";

/**
 * The dashboard's language, stored on the account: one button per language, the current one
 * pressed. Every loader runs again after the change, so the whole dashboard answers in it.
 */
export function LanguagePicker() {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult & { language?: AdminLanguage }>();
  useActionResult(fetcher, {
    onSuccess: (result) => toastSuccess(messagesOf((result as { language?: AdminLanguage }).language ?? language).language.changed),
    onFailure: (failure) => toastError(m.language.changeFailed, failure.message),
  });
  const shown = (fetcher.formData?.get("language") as AdminLanguage | null) ?? language;
  return (
    <fetcher.Form method="post" action={LANGUAGE_ACTION} className="flex items-center gap-1" aria-label={m.language.label}>
      <Languages aria-hidden="true" className="size-4 text-slate-500" />
      {adminLanguages.map((code) => (
        <button
          key={code}
          type="submit"
          name="language"
          value={code}
          lang={code}
          aria-pressed={shown === code}
          disabled={fetcher.state !== "idle"}
          className={cn(
            "rounded-md px-2 py-1 text-xs font-medium transition-colors",
            shown === code ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:text-slate-900",
          )}
        >
          {languageNames[code]}
        </button>
      ))}
    </fetcher.Form>
  );
}
