import type { ComingFrame, DocumentNotes } from "~/features/effective-dates/contract";
import { SiteLink } from "./site-link";

/** A legal page's or the fees' effective date and the coming version's announcement (texts from the server). */
export function EffectiveNotes({ notes }: { notes: DocumentNotes | undefined }) {
  if (!notes || (!notes.effectiveFrom && !notes.coming)) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-3 px-4 pt-6 sm:px-6">
      {notes.effectiveFrom && (
        <p className="text-sm font-semibold text-slate-700" data-effective-from>
          {notes.effectiveFrom}
        </p>
      )}
      {notes.coming && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900" data-coming-change>
          {notes.coming.text}{" "}
          <SiteLink to={notes.coming.href} className="font-semibold text-slate-900 underline">
            {notes.coming.linkText}
          </SiteLink>
        </p>
      )}
    </div>
  );
}

/** The earlier versions, each served from the archive (a document of its own, not a page of the router). */
export function EarlierVersions({ notes }: { notes: DocumentNotes | undefined }) {
  if (!notes?.versions) return null;
  return (
    <nav aria-labelledby="earlier-versions" className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
      <h2 id="earlier-versions" className="text-lg font-semibold text-slate-900">
        {notes.versions.title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {notes.versions.items.map((item) => (
          <li key={item.href}>
            <a href={item.href} className="text-slate-900 underline">
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The coming version's banner, over the page that shows it. */
export function ComingBanner({ frame }: { frame: ComingFrame }) {
  return (
    <p role="note" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-slate-900" data-coming-banner>
      {frame.banner}{" "}
      <SiteLink to={frame.current.href} className="font-semibold underline">
        {frame.current.text}
      </SiteLink>
    </p>
  );
}
