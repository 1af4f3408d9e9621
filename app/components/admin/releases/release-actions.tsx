import { HISTORY_PATH, historyIntents } from "~/features/history/schema";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import type { ReleaseDetail } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { ReleaseActionForm } from "./release-form";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { localeName } from "~/features/locales/allow-list";

export const PUBLISH_FETCHER = "publish-release";
export const SUBMIT_FETCHER = "submit-release";

/** What can be done with the release now: edit it, review it, schedule or publish it, undo a publish. */
// long-function: the release's actions by state, each one small form, read in order
export function ReleaseActions({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  const may = release.viewerMay;
  if (release.state === "published")
    return release.publishGroupId && may.undo ? (
      <ReleaseActionForm
        action={HISTORY_PATH}
        intent={historyIntents.undoGroup}
        fields={{ groupId: release.publishGroupId }}
        label={m.releases.undo}
        done={m.releases.undone}
        variant="destructive"
      />
    ) : null;
  if (release.state === "cancelled") return null;
  // Only what the viewer's role allows (app/features/access/matrix.ts): the server refuses the rest anyway.
  const reviewer = !release.viewerIsAuthor && release.viewerMayReview && release.state !== "scheduled";
  if (!may.create && !may.publish && !reviewer) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.releases.actions}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {may.create || may.publish ? (
          <div className="flex flex-wrap gap-2">
            {!may.create ? null : release.drafting ? (
              <ReleaseActionForm intent={releaseIntents.goLive} label={m.releases.goLive} done={m.releases.goneLive} />
            ) : (
              <ReleaseActionForm intent={releaseIntents.open} label={m.releases.open} done={m.releases.opened} variant="default" />
            )}
            {may.create && release.state === "draft" ? (
              <ReleaseActionForm
                intent={releaseIntents.submit}
                label={m.releases.submit}
                done={m.releases.submitted}
                fetcherKey={SUBMIT_FETCHER}
              />
            ) : null}
            {!may.publish ? null : release.state === "scheduled" ? (
              <ReleaseActionForm intent={releaseIntents.unschedule} label={m.releases.unschedule} done={m.releases.unscheduled} />
            ) : (
              <ReleaseActionForm
                intent={releaseIntents.publish}
                label={m.releases.publish}
                done={m.releases.publishedNow}
                variant="default"
                fetcherKey={PUBLISH_FETCHER}
              />
            )}
            {may.publish ? (
              <ReleaseActionForm intent={releaseIntents.cancel} label={m.releases.cancel} done={m.releases.cancelled} variant="ghost" />
            ) : null}
          </div>
        ) : null}
        {reviewer ? (
          <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-700">{m.releases.reviewNote}</p>
            {release.localeApprovals.length > 0 ? <LocaleApprovals release={release} /> : null}
            <ReleaseActionForm intent={releaseIntents.approve} label={m.releases.approve} done={m.releases.approved} variant="default">
              <div className="grid min-w-64 flex-1 gap-1">
                <Label htmlFor="approve-comment">{m.releases.approveComment}</Label>
                <Input id="approve-comment" name="comment" maxLength={2000} />
              </div>
            </ReleaseActionForm>
            <ReleaseActionForm intent={releaseIntents.sendBack} label={m.releases.sendBack} done={m.releases.sentBack}>
              <div className="grid min-w-64 flex-1 gap-1">
                <Label htmlFor="send-back-comment">{m.releases.whatToFix}</Label>
                <Input id="send-back-comment" name="comment" maxLength={2000} required />
              </div>
            </ReleaseActionForm>
          </div>
        ) : null}
        {may.publish && release.state !== "scheduled" ? (
          <ReleaseActionForm intent={releaseIntents.schedule} label={m.releases.schedule} done={m.releases.scheduledNow}>
            <div className="grid gap-1">
              <Label htmlFor="schedule-at">{m.releases.scheduleAt({ zone: release.timeZone })}</Label>
              <Input id="schedule-at" name="at" type="datetime-local" step={1} required defaultValue={release.defaultScheduleAt} />
            </div>
          </ReleaseActionForm>
        ) : null}
        {release.fourEyes ? <p className="text-sm text-slate-600">{m.releases.fourEyesNote}</p> : null}
      </CardContent>
    </Card>
  );
}

/** Four eyes per locale: each locale's changes approved on their own; all approved approves the release. */
function LocaleApprovals({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  return (
    <div className="grid gap-2" data-testid="locale-approvals">
      <p className="text-sm text-slate-700">{m.releases.localeApprovalsNote}</p>
      <ul className="grid gap-2">
        {release.localeApprovals.map((approval) => (
          <li key={approval.locale} className="flex flex-wrap items-center gap-3 text-sm" data-locale={approval.locale}>
            <span className="min-w-24 font-medium text-slate-900" lang={approval.locale}>
              {localeName(approval.locale)}
            </span>
            {approval.approvedBy ? (
              <span className="text-emerald-800">
                {m.releases.localeApprovedBy({ who: approval.approvedBy, when: approval.approvedAt ?? "" })}
              </span>
            ) : (
              <ReleaseActionForm
                intent={releaseIntents.approveLocale}
                fields={{ locale: approval.locale }}
                label={m.releases.approveLocale({ name: localeName(approval.locale) })}
                done={m.releases.localeApproved}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
