import { Images } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { useAllows } from "~/components/admin/shell/use-allows";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FileFacts } from "./file-facts";
import { ReplaceButton } from "./replace-button";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { formatNumber } from "~/features/admin-i18n/format";
import {
  LIBRARY_PAGE_SIZE,
  mediaIntents,
  type LibraryFile,
  type LibraryQuery,
  type MediaPlace,
  type Uploader,
} from "~/features/media/library";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { PanelHeading } from "~/components/admin/shell/panel-heading";
import { LibraryFilters, LibraryPager, LongUnusedCard } from "./library-controls";
import { LibraryUpload } from "./library-upload";

export interface MediaPanelProps {
  files: LibraryFile[];
  /** Every tag the library's files have (the tag filter). */
  tags: string[];
  total: number;
  matching: number;
  pages: number;
  uploaders: Uploader[];
  /** Files unused for LONG_UNUSED_DAYS days or more. */
  longUnused: number;
  query: LibraryQuery;
}

/** One place a file is used, with the link that opens it (and its release, when staged). */
export function PlaceItem({ place }: { place: MediaPlace }) {
  const { m } = useMessages();
  const t = m.media;
  const where = (t.places as Record<string, (p: { key: string }) => string>)[place.kind] ?? t.places.other;
  return (
    <li>
      <a className="text-indigo-700 underline" href={place.href}>
        {where({ key: place.key })}
        {place.locale !== "en" ? ` (${place.locale})` : ""}
      </a>{" "}
      {place.release ? (
        <>
          {t.staged({ release: place.release.name })}
          {" · "}
          <a className="text-indigo-700 underline" href={place.release.href}>
            {t.openRelease}
          </a>
        </>
      ) : (
        t.live
      )}
    </li>
  );
}

/** A file's alt text (in the dashboard's language when it has one) and tags, from its page. */
function FileWords({ file }: { file: LibraryFile }) {
  const { m, language } = useMessages();
  const t = m.media;
  const alt = file.alt[language] || Object.values(file.alt)[0];
  return (
    <>
      {alt ? <p className="text-xs text-slate-600">{alt}</p> : null}
      {file.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={t.file.tags}>
          {file.tags.map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

type DeleteFetcher = ReturnType<typeof useFetcher<ActionResult & { file?: string }>>;

/** A file's card: preview, name, type, size, when, where used, and its deletion. */
function FileCard({ file, deletion, problem }: { file: LibraryFile; deletion: DeleteFetcher; problem: string | null }) {
  const { m } = useMessages();
  const t = m.media;
  const allows = useAllows();
  const headingId = `media-${file.name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid h-full gap-2 rounded-lg border border-slate-200 bg-white p-3"
        data-file={file.name}
      >
        {file.type.startsWith("image/") ? (
          <img src={file.path} alt="" loading="lazy" className="aspect-video w-full rounded bg-slate-100 object-contain" />
        ) : null}
        {/* The tile is named by the file's name alone; its link says where it leads. */}
        <h3 className="break-all text-sm font-semibold text-slate-900">
          <Link
            to={`/admin/other/media/${encodeURIComponent(file.name)}`}
            className="text-indigo-700 underline"
            aria-label={t.file.open({ name: file.name })}
          >
            <span id={headingId}>{file.name}</span>
          </Link>
        </h3>
        <FileWords file={file} />
        <FileFacts file={file} variant="tile" />
        <div className="text-xs text-slate-700">
          <p className="font-medium text-slate-900">{t.whereUsed}</p>
          {file.places.length === 0 ? (
            <p>{t.unused}</p>
          ) : (
            <ul className="list-disc pl-4">
              {file.places.map((place) => (
                <PlaceItem key={`${place.kind}:${place.key}:${place.locale}:${place.release?.id ?? "live"}`} place={place} />
              ))}
            </ul>
          )}
        </div>
        {problem ? (
          <p role="alert" className="rounded bg-red-50 p-2 text-xs text-red-800">
            {problem}
          </p>
        ) : null}
        {file.type.startsWith("image/") && allows("uploads.create") ? <ReplaceButton name={file.name} version={file.version} /> : null}
        {allows("media.delete") ? (
          <ConfirmDialog
            trigger={
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={t.removeFile({ name: file.name })}
                disabled={deletion.state !== "idle"}
              >
                {t.remove}
              </Button>
            }
            title={t.removeFile({ name: file.name })}
            description={t.confirmRemove({ name: file.name })}
            confirmLabel={t.remove}
            cancelLabel={m.common.cancel}
            onConfirm={() =>
              deletion.submit({ intent: mediaIntents.deleteFile, file: file.name, version: file.version }, { method: "post" })
            }
          />
        ) : null}
      </article>
    </li>
  );
}

/** «Другое → Медиатека»: every stored upload in a grid, searched by name, filtered by use, kind, uploader and days, a screen at a time. */
export function MediaPanel({ files, total, matching, pages, uploaders, longUnused, query, tags }: MediaPanelProps) {
  const { m, language } = useMessages();
  const t = m.media;
  // One fetcher for every card: a deleted file's card is gone when the answer is handled.
  const deletion: DeleteFetcher = useFetcher<ActionResult & { file?: string }>({ key: "delete-media-file" });
  const [problem, setProblem] = useState<{ file: string; message: string } | null>(null);
  const asked = () => String(deletion.formData?.get("file") ?? "");
  const [pending, setPending] = useState("");
  if (deletion.state === "submitting" && asked() !== pending) setPending(asked());
  useActionResult(deletion, {
    onSuccess: () => {
      setProblem(null);
      toastSuccess(m.common.done, t.removed({ name: pending }));
    },
    onFailure: (failure) => {
      setProblem({ file: pending, message: failure.message ?? m.common.error });
      toastError(m.common.error, failure.message);
    },
  });
  return (
    <section aria-labelledby="media-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="media-heading" icon={Images}>
          {t.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
      </div>
      <LibraryUpload />
      {total > 0 ? <LongUnusedCard count={longUnused} /> : null}
      <LibraryFilters query={query} uploaders={uploaders} tags={tags} />
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 0
          ? t.empty
          : files.length === 0
            ? t.noMatch
            : t.count({
                first: formatNumber(language, (query.page - 1) * LIBRARY_PAGE_SIZE + 1),
                last: formatNumber(language, (query.page - 1) * LIBRARY_PAGE_SIZE + files.length),
                matching: formatNumber(language, matching),
                total: formatNumber(language, total),
              })}
      </p>
      {files.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.title}>
          {files.map((file) => (
            <FileCard key={file.name} file={file} deletion={deletion} problem={problem?.file === file.name ? problem.message : null} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? <LibraryPager query={query} pages={pages} /> : null}
    </section>
  );
}
