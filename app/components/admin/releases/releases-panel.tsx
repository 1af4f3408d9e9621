import { AlertTriangle, PackageCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { releasePath, type ReleaseSummary } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { ReleaseActionForm } from "./release-form";
import { ReleaseStateBadge } from "./release-state";
import { useAllows } from "~/components/admin/shell/use-allows";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

interface Props {
  releases: ReleaseSummary[];
  policies: { fourEyes: boolean; releasesOnly: boolean };
  draftingId: number | null;
}

/** The 'Выпуски' section: create a release, the two policies, and every release with its state. */
export function ReleasesPanel({ releases, policies, draftingId }: Props) {
  const { m } = useMessages();
  const creating = useNavigation().formData?.get("intent") === releaseIntents.create;
  // Only what the role allows: a reviewer sees the releases, not the forms to create one or change the policies.
  const allows = useAllows();
  return (
    <section aria-labelledby="releases-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="releases-heading" icon={PackageCheck}>
          {m.releases.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{m.releases.description}</p>
      </div>
      {allows("releases.create") ? (
        <Card>
          <CardHeader>
            <CardTitle>{m.releases.newTitle}</CardTitle>
            <CardDescription>{m.releases.newDescription}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value={releaseIntents.create} />
              <div className="grid min-w-64 flex-1 gap-1">
                <Label htmlFor="release-name">{m.releases.name}</Label>
                <Input id="release-name" name="name" required maxLength={120} placeholder={m.releases.nameExample} />
              </div>
              <Button type="submit" disabled={creating}>
                {m.releases.create}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      {allows("releases.policy") ? <PoliciesCard policies={policies} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{m.releases.all}</CardTitle>
        </CardHeader>
        <CardContent>
          {releases.length === 0 ? (
            <p className="text-sm text-slate-600">{m.releases.none}</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={m.releases.title}>
              {releases.map((release) => (
                <ReleaseRow key={release.id} release={release} drafting={release.id === draftingId} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ReleaseRow({ release, drafting }: { release: ReleaseSummary; drafting: boolean }) {
  const { m } = useMessages();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="release-row">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={releasePath(release.id)} className="font-medium text-indigo-700 hover:underline">
            {release.name}
          </Link>
          <ReleaseStateBadge state={release.state} />
          {drafting ? <span className="text-xs font-medium text-indigo-700">{m.releases.drafting}</span> : null}
        </div>
        <p className="text-sm text-slate-600">
          {m.releases.rowChanges({ author: release.author ?? "—", count: release.changes })}
          {release.scheduledAt ? m.releases.rowScheduled({ when: release.scheduledAt }) : ""}
          {release.publishedAt ? m.releases.rowPublished({ when: release.publishedAt }) : ""}
        </p>
        {release.sharedKeys > 0 ? (
          <p className="flex items-center gap-1 text-sm text-amber-800">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {m.releases.sharedKeys({ count: release.sharedKeys })}
          </p>
        ) : null}
        {release.failure ? <p className="text-sm text-red-700">{m.releases.publishError({ failure: release.failure })}</p> : null}
      </div>
    </li>
  );
}

function PoliciesCard({ policies }: { policies: Props["policies"] }) {
  const { m } = useMessages();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.releases.policies}</CardTitle>
      </CardHeader>
      <CardContent>
        <ReleaseActionForm intent={releaseIntents.policies} label={m.releases.savePolicies} done={m.releases.policiesSaved}>
          <div className="grid w-full gap-2 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="fourEyes" defaultChecked={policies.fourEyes} className="size-4" />
              {m.releases.fourEyes}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="releasesOnly" defaultChecked={policies.releasesOnly} className="size-4" />
              {m.releases.releasesOnly}
            </label>
          </div>
        </ReleaseActionForm>
      </CardContent>
    </Card>
  );
}
