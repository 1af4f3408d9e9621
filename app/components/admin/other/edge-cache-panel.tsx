import { CircleAlert, CircleCheck, CloudCog } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { EdgeCacheView, EdgeTargetView } from "~/features/edge-cache/view";

const dateFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeStyle: "medium", timeZone: "UTC" });
const when = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

function duration(seconds: number) {
  if (seconds % 86_400 === 0 && seconds > 0) return `${seconds / 86_400} сут.`;
  if (seconds % 3600 === 0 && seconds > 0) return `${seconds / 3600} ч`;
  if (seconds % 60 === 0 && seconds > 0) return `${seconds / 60} мин`;
  return `${seconds} с`;
}

function TargetRow({ target }: { target: EdgeTargetView }) {
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
        {target.lastPurgeAt ? `Последний сброс: ${when(target.lastPurgeAt)}` : "Сбросов ещё не было"}
        {target.pending > 0 ? ` · в очереди: ${target.pending}` : ""}
      </p>
      {target.failure ? (
        <p role="status" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          Сброс не удаётся с {when(target.failure.since)}: {target.failure.error} (попыток: {target.failure.attempts}). Сайт повторяет его,
          пока кэш не ответит.
        </p>
      ) : null}
    </li>
  );
}

/** The 'Кэш CDN' section: whether pages go through an edge cache, and each edge's last purge and failure. */
export function EdgeCachePanel({ view }: { view: EdgeCacheView }) {
  return (
    <section aria-labelledby="edge-heading" className="grid gap-6">
      <div>
        <h2 id="edge-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <CloudCog aria-hidden="true" className="size-5 text-indigo-600" />
          Кэш CDN
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {view.enabled
            ? `Публичные страницы хранятся в кэше CDN до ${duration(view.maxAge)}; пока сайт недоступен, кэш отдаёт их ещё ${duration(view.staleIfError)} после этого срока. После каждого изменения сбрасываются только страницы, которые его показывают.`
            : "Кэш CDN не настроен: страницы отдаёт сам сайт (переменные EDGE_… в docs/operations.md)."}
        </p>
      </div>
      {view.enabled ? (
        <Card>
          <CardHeader>
            <CardTitle>Сброс кэша</CardTitle>
          </CardHeader>
          <CardContent>
            {view.targets.length === 0 ? (
              <p className="text-sm text-slate-600">Адреса для сброса не заданы: кэш обновляет страницы по истечении срока.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Кэши CDN">
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
