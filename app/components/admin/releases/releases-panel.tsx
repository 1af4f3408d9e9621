import { AlertTriangle, PackageCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { releasePath, type ReleaseSummary } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { ReleaseActionForm } from "./release-form";
import { ReleaseStateBadge } from "./release-state";

interface Props {
  releases: ReleaseSummary[];
  policies: { fourEyes: boolean; releasesOnly: boolean };
  draftingId: number | null;
}

/** The 'Выпуски' section: create a release, the two policies, and every release with its state. */
export function ReleasesPanel({ releases, policies, draftingId }: Props) {
  const creating = useNavigation().formData?.get("intent") === releaseIntents.create;
  return (
    <section aria-labelledby="releases-heading" className="grid gap-6">
      <div>
        <h2 id="releases-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <PackageCheck aria-hidden="true" className="size-5 text-indigo-600" />
          Выпуски
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Выпуск собирает изменения в черновик: пока он открыт, сохранения во всех вкладках попадают в него, а не на сайт. Опубликуйте
          выпуск целиком сейчас или в назначенное время.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Новый выпуск</CardTitle>
          <CardDescription>Выпуск сразу откроется: следующие сохранения попадут в него.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value={releaseIntents.create} />
            <div className="grid min-w-64 flex-1 gap-1">
              <Label htmlFor="release-name">Название выпуска</Label>
              <Input id="release-name" name="name" required maxLength={120} placeholder="Новые тарифы с 1 февраля" />
            </div>
            <Button type="submit" disabled={creating}>
              Создать и открыть
            </Button>
          </Form>
        </CardContent>
      </Card>
      <PoliciesCard policies={policies} />
      <Card>
        <CardHeader>
          <CardTitle>Все выпуски</CardTitle>
        </CardHeader>
        <CardContent>
          {releases.length === 0 ? (
            <p className="text-sm text-slate-600">Выпусков пока нет.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Выпуски">
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
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="release-row">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={releasePath(release.id)} className="font-medium text-indigo-700 hover:underline">
            {release.name}
          </Link>
          <ReleaseStateBadge state={release.state} />
          {drafting ? <span className="text-xs font-medium text-indigo-700">открыт для правки</span> : null}
        </div>
        <p className="text-sm text-slate-600">
          {release.author ?? "—"} · изменений: {release.changes}
          {release.scheduledAt ? ` · публикация ${release.scheduledAt}` : ""}
          {release.publishedAt ? ` · опубликован ${release.publishedAt}` : ""}
        </p>
        {release.sharedKeys > 0 ? (
          <p className="flex items-center gap-1 text-sm text-amber-800">
            <AlertTriangle aria-hidden="true" className="size-4" />
            Ключей, которые меняет и другой открытый выпуск: {release.sharedKeys}
          </p>
        ) : null}
        {release.failure ? <p className="text-sm text-red-700">Ошибка публикации: {release.failure}</p> : null}
      </div>
    </li>
  );
}

function PoliciesCard({ policies }: { policies: Props["policies"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Правила публикации</CardTitle>
      </CardHeader>
      <CardContent>
        <ReleaseActionForm intent={releaseIntents.policies} label="Сохранить правила" done="Правила сохранены">
          <div className="grid w-full gap-2 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="fourEyes" defaultChecked={policies.fourEyes} className="size-4" />
              Публикация только после проверки другим администратором
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="releasesOnly" defaultChecked={policies.releasesOnly} className="size-4" />
              Изменения только через выпуски
            </label>
          </div>
        </ReleaseActionForm>
      </CardContent>
    </Card>
  );
}
