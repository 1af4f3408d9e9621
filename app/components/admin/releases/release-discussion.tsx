import { useMessages } from "~/components/admin/i18n/messages-context";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ReleaseDetail } from "~/features/releases/contract";
import { ReleaseThread } from "./release-thread";

/**
 * The release's own thread (remarks on the whole release, and what "send back" said), and the
 * threads of changes that have left the release since they were discussed.
 */
export function ReleaseDiscussionCard({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  const staged = new Set(release.changes.map((change) => change.key));
  const orphaned = release.discussion.threads.filter((thread) => thread.changeKey !== null && !staged.has(thread.changeKey));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.releaseComments.releaseThread}</CardTitle>
        <p className="text-sm text-slate-600">{m.releaseComments.releaseThreadHint}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ReleaseThread discussion={release.discussion} changeKey={null} timeZone={release.timeZone} />
        {orphaned.length > 0 ? (
          <div className="grid gap-2">
            <h4 className="text-sm font-semibold text-slate-900">{m.releaseComments.removedThreads}</h4>
            {orphaned.map((thread) => (
              <ReleaseThread
                key={thread.changeKey}
                discussion={release.discussion}
                changeKey={thread.changeKey}
                title={m.releaseComments.changeThread({ key: thread.changeKey! })}
                timeZone={release.timeZone}
                takesComments={false}
              />
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
