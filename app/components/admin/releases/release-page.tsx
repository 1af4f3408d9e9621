import { AlertTriangle, ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { RELEASES_PATH, type ReleaseDetail } from "~/features/releases/contract";
import { PreviewLinks } from "./preview-links";
import { PUBLISH_FETCHER, ReleaseActions, SUBMIT_FETCHER } from "./release-actions";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { useReleaseAnswer } from "./release-form";
import { ReleaseChanges } from "./release-changes";
import { ReleaseStateBadge } from "./release-state";
import { ReleaseEndForm } from "./release-end";
import { ReleaseDiscussionCard } from "./release-discussion";
import { ReleaseXliffCard } from "./release-xliff";
import { allows } from "~/features/releases/lifecycle";

/** One release: what it changes against the live site, its review and its publish. */
export function ReleasePage({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  useReleaseAnswer(PUBLISH_FETCHER, m.releases.publishedNow);
  // Submitting leaves the draft state, and its form with it: its answer is read here.
  useReleaseAnswer(SUBMIT_FETCHER, m.releases.submitted);
  return (
    <section aria-labelledby="release-heading" className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <Link to={RELEASES_PATH} className="flex items-center gap-1 text-sm text-indigo-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {m.releases.all}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="release-heading" className="text-xl font-semibold text-slate-900">
            {release.name}
          </h2>
          <ReleaseStateBadge state={release.state} />
        </div>
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-slate-500">{m.releases.author}</dt>
          <dd>{release.author ?? "—"}</dd>
          {release.approvedBy ? (
            <>
              <dt className="text-slate-500">{m.releases.approvedBy}</dt>
              <dd>
                {release.approvedBy}
                {release.approvalValid ? "" : m.releases.approvalInvalid}
              </dd>
            </>
          ) : null}
          {release.scheduledAt ? (
            <>
              <dt className="text-slate-500">{m.releases.scheduled}</dt>
              <dd data-testid="release-scheduled-at">{release.scheduledAt}</dd>
            </>
          ) : null}
          {release.publishedAt ? (
            <>
              <dt className="text-slate-500">{m.releases.published}</dt>
              <dd>{release.publishedAt}</dd>
            </>
          ) : null}
          {release.endsAt ? (
            <>
              <dt className="text-slate-500">{release.endedAt ? m.releases.end.ended : m.releases.end.ends}</dt>
              <dd data-testid="release-ends-at">{release.endsAt}</dd>
            </>
          ) : null}
          {release.reviewComment ? (
            <>
              <dt className="text-slate-500">{m.releases.reviewComment}</dt>
              <dd data-testid="release-review-comment">{release.reviewComment}</dd>
            </>
          ) : null}
        </dl>
        {release.failure ? (
          <p role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {m.releases.failed({ failure: release.failure })}
          </p>
        ) : null}
      </div>
      <ReleaseActions release={release} />
      <ReleaseEndForm release={release} />
      <PreviewLinks releaseId={release.id} />
      <ReleaseDiscussionCard release={release} />
      {allows(release.state, "stage") ? <ReleaseXliffCard release={release} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{m.releases.changesCount({ count: release.changes.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          <ReleaseChanges release={release} />
        </CardContent>
      </Card>
    </section>
  );
}
