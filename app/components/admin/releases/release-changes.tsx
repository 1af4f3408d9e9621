import { AlertTriangle } from "lucide-react";
import { RevisionValue } from "~/components/admin/history/revision-value";
import type { ReleaseDetail } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { ReleaseActionForm } from "./release-form";
import { ReleaseThread } from "./release-thread";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * Every staged change: the live value now against the release's, conflicts and keys shared with
 * other releases, and beside each its discussion thread.
 */
export function ReleaseChanges({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  if (release.changes.length === 0) return <p className="text-sm text-slate-600">{m.releases.changes.none}</p>;
  const open = !["published", "cancelled"].includes(release.state);
  return (
    <ul className="grid gap-4" aria-label={m.releases.changes.list}>
      {release.changes.map((change) => (
        <li
          key={change.key}
          className="grid gap-3 rounded-lg border border-slate-200 p-3 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,22rem)]"
          data-testid="release-change"
          data-key={change.key}
        >
          <div className="grid min-w-0 content-start gap-2">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-900">
                {(m.releases.changes.areas as Record<string, string>)[change.area] ?? change.area}
              </span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{change.key}</code>
              {change.revision.after === null ? (
                <span className="text-xs font-medium text-red-800">{m.releases.changes.removing}</span>
              ) : null}
              {change.revision.by ? <span className="text-xs text-slate-500">{change.revision.by}</span> : null}
            </div>
            <RevisionValue revision={change.revision} />
            {change.sharedWith.length > 0 ? (
              <p className="flex items-center gap-1 text-sm text-amber-800" data-testid="release-shared">
                <AlertTriangle aria-hidden="true" className="size-4" />
                {m.releases.changes.shared({ names: change.sharedWith.join(", ") })}
              </p>
            ) : null}
            {change.conflict && open ? (
              <div className="grid gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="release-conflict">
                <p>{m.releases.changes.conflict}</p>
                {release.viewerMay.publish ? (
                  <div className="flex flex-wrap gap-2">
                    <ReleaseActionForm
                      intent={releaseIntents.resolve}
                      fields={{ key: change.key, choice: "live" }}
                      label={m.releases.changes.keepLive}
                      done={m.releases.changes.keptLive}
                    />
                    <ReleaseActionForm
                      intent={releaseIntents.resolve}
                      fields={{ key: change.key, choice: "release" }}
                      label={m.releases.changes.takeRelease}
                      done={m.releases.changes.tookRelease}
                    />
                  </div>
                ) : null}
              </div>
            ) : null}
          </div>
          <ReleaseThread
            discussion={release.discussion}
            changeKey={change.key}
            title={m.releaseComments.changeThread({ key: change.key })}
            timeZone={release.timeZone}
          />
        </li>
      ))}
    </ul>
  );
}
