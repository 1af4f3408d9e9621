import { useId, useState } from "react";
import { XliffCard } from "~/components/admin/content/xliff-card";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { ReleaseDetail } from "~/features/releases/contract";

/** The release's texts for translators, one language at a time (docs/releases.md). */
export function ReleaseXliffCard({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  const id = useId();
  const [locale, setLocale] = useState(release.translationLocales[0]?.code ?? "");
  if (!locale) return null;
  return (
    <XliffCard locale={locale} release={release.id}>
      <div className="grid max-w-xs gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {m.releases.xliff.language}
        </label>
        <select
          id={id}
          name="locale"
          value={locale}
          onChange={(event) => setLocale(event.target.value)}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {release.translationLocales.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} ({option.code})
            </option>
          ))}
        </select>
      </div>
    </XliffCard>
  );
}
