import { useFetcher, useSearchParams } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { contentMessages, type ContentEntry } from "~/features/content/schema";
import { AddContentForm } from "./add-content-form";
import { ContentCard } from "./content-card";
import { InitializeContentButton } from "./initialize-button";
import { CONTENT_ACTION, contentIntents } from "~/features/content/intents";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { PageTabs } from "./page-tabs";

/** The Site content tab: the pages' sections by page, the Add Content form, Initialize All Content. */
export function ContentPanel({ rows, loadFailed }: { rows: ContentEntry[]; loadFailed: boolean }) {
  const { m, language } = useMessages();
  const pages = [...new Set(rows.map((row) => row.pageName))];
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("page");
  const selected = requested && pages.includes(requested) ? requested : pages[0];
  const choosePage = (page: string) => setSearchParams({ page }, { replace: true, preventScrollReset: true });

  // Deleting lives here, not in the card: the card is gone by the time the answer is read.
  const deleter = useFetcher<ActionResult>({ key: "delete-content" });
  useActionResult(deleter, {
    onSuccess: () => toastSuccess(m.content.success, inLanguage(language, contentMessages.deleted)),
    onFailure: (failure) => toastError(m.content.error, inLanguage(language, failure.message || contentMessages.deleteFailed)),
  });
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : undefined;
  const remove = (row: ContentEntry) =>
    void deleter.submit({ intent: contentIntents.delete, id: row.id }, { method: "post", action: CONTENT_ACTION });

  return (
    <section aria-labelledby="content-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="content-heading" className="text-xl font-semibold">
            {m.content.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.content.description}</p>
        </div>
        <InitializeContentButton />
      </div>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {loadFailed ? inLanguage(language, contentMessages.fetchFailed) : m.content.empty}
        </p>
      ) : (
        <PageTabs pages={pages} selected={selected!} onSelect={choosePage}>
          <div className="grid gap-4 lg:grid-cols-2">
            {rows
              .filter((row) => row.pageName === selected)
              .map((row) => (
                <ContentCard key={row.id} row={row} deleting={deletingId === row.id} onDelete={() => remove(row)} />
              ))}
          </div>
        </PageTabs>
      )}

      <AddContentForm pages={pages} onAdded={choosePage} />
    </section>
  );
}
