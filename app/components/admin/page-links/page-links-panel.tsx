import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError } from "~/components/ui/toast";
import type { PageLink } from "~/features/content/page-links/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { ADD_PAGE_LINK, AddPageLinkForm } from "./add-page-link-form";
import { PageLinkCard } from "./page-link-card";

/** The Page Links panel of the settings: one card per page link and the 'Add Page Link' form. */
export function PageLinksPanel({ links }: { links: PageLink[] | null }) {
  const { m } = useMessages();
  const [adding, setAdding] = useState(false);
  // After an add the list is read again; that is this panel's loading state.
  const refreshing = useFetchers().some((fetcher) => fetcher.state === "loading" && fetcher.formData?.get("intent") === ADD_PAGE_LINK);
  useEffect(() => {
    if (links === null) toastError(m.pageLinks.error, m.pageLinks.fetchFailed);
    // Once per failed read, in the language the panel opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [links]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{m.pageLinks.title}</h3>
        <Button type="button" variant={adding ? "secondary" : "default"} onClick={() => setAdding(!adding)}>
          <Plus /> {m.pageLinks.add}
        </Button>
      </div>
      {adding ? <AddPageLinkForm onDone={() => setAdding(false)} /> : null}
      {refreshing ? (
        <p role="status" className="text-sm text-slate-500">
          {m.pageLinks.loading}
        </p>
      ) : null}
      {links === null ? (
        <p className="text-sm text-slate-600">{m.pageLinks.fetchFailed}</p>
      ) : links.length === 0 ? (
        <p className="text-sm text-slate-600">{m.pageLinks.empty}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {links.map((link) => (
            <PageLinkCard key={link.id} link={link} />
          ))}
        </div>
      )}
    </div>
  );
}
