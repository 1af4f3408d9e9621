import type { ReactNode } from "react";
import { Download, Upload } from "lucide-react";
import { useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { buttonVariants } from "~/components/ui/button";
import { FileButton } from "~/components/ui/file-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { inLanguage } from "~/features/admin-i18n/messages";
import { CONTENT_ACTION } from "~/features/content/intents";
import { MAX_XLIFF_CHARACTERS, translationIntents, XLIFF_EXPORT_PATH } from "~/features/content/translation-schema";
import { releasePath, releaseXliffPath } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { useActionResult, type ActionResult } from "~/platform/action-result";

/**
 * The locale's texts as an XLIFF 2.0 file for translators, and the translated file taken back.
 * With a release (its page), the texts that release stages, taken back into it; `children` go
 * above the buttons (the release's choice of language).
 */
export function XliffCard({ locale, release, children }: { locale: string; release?: number; children?: ReactNode }) {
  const { m, language } = useMessages();
  const texts = m.translations.xliff;
  const fetcher = useFetcher<ActionResult & { changed?: number }>({
    key: release ? `xliff-release-${release}-${locale}` : `xliff-${locale}`,
  });
  const number = new Intl.NumberFormat(language);
  useActionResult(fetcher, {
    onSuccess: (success) => {
      const changed = (success as { changed?: number }).changed ?? 0;
      if (changed > 0) toastSuccess(texts.imported, texts.changed({ count: number.format(changed) }));
      else toastSuccess(m.common.done, texts.unchanged);
    },
    onFailure: (failure) => toastError(m.common.error, inLanguage(language, failure.message) || texts.failed),
  });
  const busy = fetcher.state !== "idle";
  const failure = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const problems = Object.entries(failure?.fieldErrors ?? {});

  async function upload(file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    if (file.size > MAX_XLIFF_CHARACTERS) {
      input.value = "";
      toastError(m.common.error, texts.tooLarge);
      return;
    }
    const xliff = await file.text();
    input.value = "";
    if (release)
      void fetcher.submit({ intent: releaseIntents.importXliff, locale, xliff }, { method: "post", action: releasePath(release) });
    else void fetcher.submit({ intent: translationIntents.importXliff, locale, xliff }, { method: "post", action: CONTENT_ACTION });
  }

  return (
    <Card data-testid={release ? "release-xliff-card" : "xliff-card"}>
      <CardHeader>
        <CardTitle>{release ? m.releases.xliff.title : texts.title}</CardTitle>
        <CardDescription>{release ? m.releases.xliff.description : texts.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <a
            href={`${release ? releaseXliffPath(release) : XLIFF_EXPORT_PATH}?locale=${encodeURIComponent(locale)}`}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" /> {texts.download}
          </a>
          <FileButton
            icon={<Upload aria-hidden="true" />}
            label={texts.upload}
            busyLabel={texts.importing}
            busy={busy}
            accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
            onFile={(file, input) => void upload(file, input)}
          />
        </div>
        {problems.length > 0 && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="xliff-problems">
            <p className="font-medium">{inLanguage(language, failure?.message)}</p>
            <p className="mt-2 font-medium">{texts.problems}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {problems.map(([id, messages]) => (
                <li key={id}>
                  <span className="font-mono">{id}</span>: {(messages ?? []).map((message) => inLanguage(language, message)).join("; ")}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
