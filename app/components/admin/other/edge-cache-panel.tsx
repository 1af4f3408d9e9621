import { CircleAlert, CircleCheck, CloudCog } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatDateTime } from "~/features/admin-i18n/format";
import type { Catalogue } from "~/features/admin-i18n/messages";
import type { EdgeCacheView, EdgeTargetView } from "~/features/edge-cache/view";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

function duration(m: Catalogue, seconds: number) {
  if (seconds % 86_400 === 0 && seconds > 0) return m.edge.days({ count: seconds / 86_400 });
  if (seconds % 3600 === 0 && seconds > 0) return m.edge.hours({ count: seconds / 3600 });
  if (seconds % 60 === 0 && seconds > 0) return m.edge.minutes({ count: seconds / 60 });
  return m.edge.seconds({ count: seconds });
}

function TargetRow({ target }: { target: EdgeTargetView }) {
  const { m, language } = useMessages();
  const when = (iso: string) => `${formatDateTime(language, iso, { date: "long", time: "medium" })} UTC`;
  return (
    <li className="grid gap-1 py-3">
      <p className="flex items-center gap-2 font-mono text-sm text-slate-900">
        {target.failure ? (
          <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-red-600" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        )}
        {target.target}
      </p>
      <p className="text-sm text-slate-600">
        {target.lastPurgeAt ? m.edge.lastPurge({ when: when(target.lastPurgeAt) }) : m.edge.noPurgeYet}
        {target.pending > 0 ? m.edge.queued({ count: target.pending }) : ""}
      </p>
      {target.failure ? (
        <p role="status" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {m.edge.failing({ since: when(target.failure.since), error: target.failure.error, attempts: target.failure.attempts })}
        </p>
      ) : null}
    </li>
  );
}

/** The 'Кэш CDN' section: whether pages go through an edge cache, and each edge's last purge and failure. */
export function EdgeCachePanel({ view }: { view: EdgeCacheView }) {
  const { m } = useMessages();
  return (
    <section aria-labelledby="edge-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="edge-heading" icon={CloudCog}>
          {m.edge.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">
          {view.enabled
            ? m.edge.enabled({ maxAge: duration(m, view.maxAge), staleIfError: duration(m, view.staleIfError) })
            : m.edge.disabled}
        </p>
      </div>
      {view.enabled ? (
        <Card>
          <CardHeader>
            <CardTitle>{m.edge.purges}</CardTitle>
          </CardHeader>
          <CardContent>
            {view.targets.length === 0 ? (
              <p className="text-sm text-slate-600">{m.edge.noTargets}</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label={m.edge.edges}>
                {view.targets.map((target) => (
                  <TargetRow key={target.target} target={target} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
