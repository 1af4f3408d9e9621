import type { DocumentNotesHtml } from "~/features/effective-dates/contract";

// The effective dates' notes are the server's HTML (texts escaped there): the public pages ship
// only these wrappers, not the markup, to stay within the JavaScript budget.

/** "Effective from …" and a coming version's announcement, under a legal page's or the fees' title. */
export function EffectiveNotes({ notes }: { notes: DocumentNotesHtml | undefined }) {
  if (!notes?.top) return null;
  return <div className="mx-auto max-w-3xl space-y-3 px-4 pt-6 sm:px-6" dangerouslySetInnerHTML={{ __html: notes.top }} />;
}

/** The earlier versions, each a document the archive serves (not a page of the router). */
export function EarlierVersions({ notes }: { notes: DocumentNotesHtml | undefined }) {
  if (!notes?.versions) return null;
  return (
    <nav
      aria-labelledby="earlier-versions"
      className="mx-auto max-w-3xl px-4 pb-12 sm:px-6"
      dangerouslySetInnerHTML={{ __html: notes.versions }}
    />
  );
}
