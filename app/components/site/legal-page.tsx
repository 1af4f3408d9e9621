import type { ComingFrame, DocumentNotesHtml } from "~/features/effective-dates/contract";
import { EarlierVersions, EffectiveNotes } from "./document-notes";
import { usePublicTexts } from "./use-public-texts";

/**
 * A legal page: its title over the HTML of its page_content section (or the placeholder), with
 * its effective date, a coming version's announcement and its earlier versions; or, with `coming`,
 * the coming version itself under its banner.
 */
export function LegalPage({
  title,
  html,
  notes,
  coming,
}: {
  title: string;
  html: string;
  notes?: DocumentNotesHtml;
  coming?: ComingFrame;
}) {
  const texts = usePublicTexts();
  return (
    <>
      {coming && (
        // The server's HTML: the banner's text and the link back to the current version.
        <p
          role="note"
          className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-slate-900"
          data-coming-banner
          dangerouslySetInnerHTML={{ __html: coming.banner }}
        />
      )}
      <header className="page-hero-surface">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-brand uppercase" suppressHydrationWarning>
            {texts?.legal ?? (import.meta.env.SSR ? "Legal" : "")}
          </p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        </div>
      </header>
      <EffectiveNotes notes={notes} />
      <article
        className="legal-content mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16"
        // Sanitised on the server against the editor's allowlist (lib/sanitize.server.ts).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <EarlierVersions notes={notes} />
    </>
  );
}
