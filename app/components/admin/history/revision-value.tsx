import { useUploadAddress } from "~/components/use-upload-address";
import { diffWords } from "~/features/history/text-diff";
import type { RevisionView } from "~/features/history/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** A text change as words struck out and words added. */
export function TextDiff({ before, after }: { before: string | null; after: string | null }) {
  const { m } = useMessages();
  const parts = diffWords(before ?? "", after ?? "");
  if (parts.length === 0) return <p className="text-sm italic text-slate-500">{m.history.emptyValue}</p>;
  return (
    <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-2 text-sm text-slate-800" data-testid="revision-diff">
      {parts.map((part, index) =>
        part.kind === "same" ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === "added" ? (
          <ins key={index} className="bg-green-100 text-green-900 no-underline">
            {part.text}
          </ins>
        ) : (
          <del key={index} className="bg-red-100 text-red-900">
            {part.text}
          </del>
        ),
      )}
    </p>
  );
}

function Thumbnail({ url, label }: { url: string | null; label: string }) {
  const uploadAddress = useUploadAddress();
  const { m } = useMessages();
  return (
    <figure className="flex flex-col items-center gap-1">
      {url ? (
        <img src={uploadAddress(url)} alt={label} className="h-16 w-24 rounded border border-slate-200 bg-white object-contain" />
      ) : (
        <span className="flex h-16 w-24 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-500">
          {m.history.none}
        </span>
      )}
      <figcaption className="text-xs text-slate-600">{label}</figcaption>
    </figure>
  );
}

/** What one revision changed: a diff for text, thumbnails for images, the page for HTML. */
export function RevisionValue({ revision }: { revision: RevisionView }) {
  const { m } = useMessages();
  if (revision.display === "image") {
    return (
      <div className="flex items-center gap-3">
        <Thumbnail url={revision.before} label={m.history.before} />
        <span aria-hidden="true">→</span>
        <Thumbnail url={revision.after} label={m.history.after} />
      </div>
    );
  }
  if (revision.display === "html") {
    const html = revision.after ?? revision.before ?? "";
    return (
      <div
        className="legal-preview max-h-48 overflow-auto rounded-md border border-slate-200 bg-white p-3 text-sm [&_h2]:font-semibold [&_h3]:font-semibold [&_p]:my-1"
        data-testid="revision-html"
        // Sanitised on the server (revision-view.server.ts) before it reaches the dashboard.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return <TextDiff before={revision.before} after={revision.after} />;
}
