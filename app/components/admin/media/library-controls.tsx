// The media library's controls around its grid: the search and filters, the pager, and the
// deletion of files long unused.
import { Form, Link, useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { useAllows } from "~/components/admin/shell/use-allows";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { formatNumber } from "~/features/admin-i18n/format";
import { LONG_UNUSED_DAYS, mediaIntents, type LibraryQuery, type Uploader } from "~/features/media/library";
import { useActionResult, type ActionResult, type ActionSuccess } from "~/platform/action-result";

/** The library's address for a query (only what differs from the defaults), on another screen. */
function libraryHref(query: LibraryQuery, page: number) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.used !== "all") params.set("used", query.used);
  if (query.type !== "all") params.set("type", query.type);
  if (query.uploader) params.set("uploader", query.uploader);
  if (query.tag) params.set("tag", query.tag);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

const selectClass = "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900";
const labelClass = "grid gap-1 text-sm font-medium text-slate-800";

/** The library's search and filters: a part of the name, alt text or tag, use, kind, uploader, tag and days. */
export function LibraryFilters({ query, uploaders, tags = [] }: { query: LibraryQuery; uploaders: Uploader[]; tags?: string[] }) {
  const { m } = useMessages();
  const t = m.media;
  return (
    <Form method="get" role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <label className={`${labelClass} sm:col-span-2`}>
        {t.search}
        <Input type="search" name="q" defaultValue={query.q} maxLength={200} />
      </label>
      <label className={labelClass}>
        {t.filter}
        <select name="used" defaultValue={query.used} className={selectClass}>
          <option value="all">{t.filterAll}</option>
          <option value="used">{t.filterUsed}</option>
          <option value="unused">{t.filterUnused}</option>
        </select>
      </label>
      <label className={labelClass}>
        {t.kind}
        <select name="type" defaultValue={query.type} className={selectClass}>
          <option value="all">{t.kindAll}</option>
          <option value="images">{t.kindImages}</option>
          <option value="other">{t.kindOther}</option>
        </select>
      </label>
      <label className={labelClass}>
        {t.uploader}
        <select name="uploader" defaultValue={query.uploader} className={selectClass}>
          <option value="">{t.uploaderAll}</option>
          {uploaders.map((uploader) => (
            <option key={uploader.id} value={uploader.id}>
              {uploader.id === "unknown" ? t.uploaderUnknown : (uploader.name ?? t.deletedAccount)}
            </option>
          ))}
        </select>
      </label>
      {tags.length > 0 || query.tag ? (
        <label className={labelClass}>
          {t.file.tagFilter}
          <select name="tag" defaultValue={query.tag} className={selectClass}>
            <option value="">{t.file.tagAll}</option>
            {[...new Set([...tags, ...(query.tag ? [query.tag] : [])])].map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={labelClass}>
        {t.from}
        <Input type="date" name="from" defaultValue={query.from} />
      </label>
      <label className={labelClass}>
        {t.to}
        <Input type="date" name="to" defaultValue={query.to} />
      </label>
      <Button type="submit" variant="outline">
        {t.apply}
      </Button>
    </Form>
  );
}

/** The previous and next screens of the library, the filters kept. */
export function LibraryPager({ query, pages }: { query: LibraryQuery; pages: number }) {
  const { m, language } = useMessages();
  const t = m.media;
  return (
    <nav aria-label={t.pages} className="flex items-center justify-between gap-3 text-sm">
      {query.page > 1 ? (
        <Link className="text-indigo-700 underline" to={libraryHref(query, query.page - 1)}>
          {t.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{t.pageOf({ page: formatNumber(language, query.page), pages: formatNumber(language, pages) })}</span>
      {query.page < pages ? (
        <Link className="text-indigo-700 underline" to={libraryHref(query, query.page + 1)}>
          {t.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** How many files have been unused for 30 days, and their deletion at once (for those who may delete files). */
export function LongUnusedCard({ count }: { count: number }) {
  const { m, language } = useMessages();
  const t = m.media;
  const allows = useAllows();
  const fetcher = useFetcher<ActionResult & { deleted?: number }>({ key: "delete-long-unused-files" });
  useActionResult<ActionSuccess & { deleted?: number }>(fetcher, {
    onSuccess: (result) => toastSuccess(m.common.done, t.longUnusedDeleted({ count: formatNumber(language, result.deleted ?? 0) })),
    onFailure: (failure) => toastError(m.common.error, failure.message),
  });
  const formatted = formatNumber(language, count);
  return (
    <section
      aria-labelledby="long-unused-heading"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h3 id="long-unused-heading" className="text-sm font-semibold text-slate-900">
          {t.longUnusedTitle}
        </h3>
        <p className="text-sm text-slate-600">
          {count === 0 ? t.longUnusedNone({ days: LONG_UNUSED_DAYS }) : t.longUnusedSome({ count: formatted, days: LONG_UNUSED_DAYS })}
        </p>
      </div>
      {allows("media.delete") && count > 0 ? (
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
              {t.deleteLongUnused({ days: LONG_UNUSED_DAYS })}
            </Button>
          }
          title={t.deleteLongUnused({ days: LONG_UNUSED_DAYS })}
          description={t.confirmLongUnused({ count: formatted, days: LONG_UNUSED_DAYS })}
          confirmLabel={t.remove}
          cancelLabel={m.common.cancel}
          onConfirm={() => fetcher.submit({ intent: mediaIntents.deleteLongUnused }, { method: "post" })}
        />
      ) : null}
    </section>
  );
}
