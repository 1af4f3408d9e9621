import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError } from "~/components/ui/toast";
import type { PageLink } from "~/features/content/page-links/schema";
import { ADD_PAGE_LINK, AddPageLinkForm } from "./add-page-link-form";
import { PageLinkCard } from "./page-link-card";

/** The Page Links panel of the settings: one card per page link and the 'Add Page Link' form. */
export function PageLinksPanel({ links }: { links: PageLink[] | null }) {
  const [adding, setAdding] = useState(false);
  // After an add the list is read again; that is this panel's loading state.
  const refreshing = useFetchers().some((fetcher) => fetcher.state === "loading" && fetcher.formData?.get("intent") === ADD_PAGE_LINK);
  useEffect(() => {
    if (links === null) toastError("Error", "Failed to fetch page links");
  }, [links]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">Page Links</h3>
        <Button type="button" variant={adding ? "secondary" : "default"} onClick={() => setAdding(!adding)}>
          <Plus /> Add Page Link
        </Button>
      </div>
      {adding ? <AddPageLinkForm onDone={() => setAdding(false)} /> : null}
      {refreshing ? (
        <p role="status" className="text-sm text-slate-500">
          Loading page links...
        </p>
      ) : null}
      {links === null ? (
        <p className="text-sm text-slate-600">Failed to fetch page links</p>
      ) : links.length === 0 ? (
        <p className="text-sm text-slate-600">No page links yet.</p>
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
