import { FilePenLine, Globe } from "lucide-react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { releasePath, RELEASES_PATH, type DraftingView } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";

/** The drafting mode the dashboard layout's loader answers (undefined outside the dashboard). */
export function useDrafting(): DraftingView | undefined {
  return (useRouteLoaderData("routes/admin") as { drafting?: DraftingView } | undefined)?.drafting;
}

/**
 * Always on the dashboard: 'Изменения сразу на сайте' or 'Черновик: <release>', and with a
 * release open one click back to live editing.
 */
export function DraftingBar() {
  const { m } = useMessages();
  const drafting = useDrafting();
  const fetcher = useFetcher();
  if (!drafting) return null;
  const release = drafting.release;
  return (
    <div
      role="status"
      data-testid="drafting-mode"
      className={release ? "border-b border-amber-200 bg-amber-50 text-amber-950" : "border-b border-slate-200 bg-white text-slate-700"}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
        {release ? (
          <>
            <Link to={releasePath(release.id)} className="flex items-center gap-2 font-medium hover:underline">
              <FilePenLine aria-hidden="true" className="size-4" />
              {m.releases.draftMode({ name: release.name })}
            </Link>
            <fetcher.Form method="post" action={RELEASES_PATH}>
              <input type="hidden" name="intent" value={releaseIntents.goLive} />
              <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
                {m.releases.goLive}
              </Button>
            </fetcher.Form>
          </>
        ) : (
          <>
            <span className="flex items-center gap-2">
              <Globe aria-hidden="true" className="size-4" />
              {m.releases.live}
            </span>
            <Link to={RELEASES_PATH} className="text-indigo-700 hover:underline">
              {m.releases.title}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
