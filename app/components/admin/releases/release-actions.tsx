import { HISTORY_PATH, historyIntents } from "~/features/history/schema";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import type { ReleaseDetail } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { ReleaseActionForm } from "./release-form";

export const PUBLISH_FETCHER = "publish-release";
export const PUBLISHED = "Выпуск опубликован";
export const SUBMIT_FETCHER = "submit-release";
export const SUBMITTED = "Выпуск отправлен на проверку";

/** What can be done with the release now: edit it, review it, schedule or publish it, undo a publish. */
// long-function: the release's actions by state, each one small form, read in order
export function ReleaseActions({ release }: { release: ReleaseDetail }) {
  const may = release.viewerMay;
  if (release.state === "published")
    return release.publishGroupId && may.undo ? (
      <ReleaseActionForm
        action={HISTORY_PATH}
        intent={historyIntents.undoGroup}
        fields={{ groupId: release.publishGroupId }}
        label="Отменить выпуск целиком"
        done="Выпуск отменён: значения до публикации восстановлены"
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
        <CardTitle>Действия</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {may.create || may.publish ? (
          <div className="flex flex-wrap gap-2">
            {!may.create ? null : release.drafting ? (
              <ReleaseActionForm intent={releaseIntents.goLive} label="Вернуться к правке сайта" done="Изменения снова сразу на сайте" />
            ) : (
              <ReleaseActionForm
                intent={releaseIntents.open}
                label="Редактировать в выпуске"
                done="Сохранения попадут в выпуск"
                variant="default"
              />
            )}
            {may.create && release.state === "draft" ? (
              <ReleaseActionForm
                intent={releaseIntents.submit}
                label="Отправить на проверку"
                done={SUBMITTED}
                fetcherKey={SUBMIT_FETCHER}
              />
            ) : null}
            {!may.publish ? null : release.state === "scheduled" ? (
              <ReleaseActionForm intent={releaseIntents.unschedule} label="Снять с расписания" done="Выпуск снят с расписания" />
            ) : (
              <ReleaseActionForm
                intent={releaseIntents.publish}
                label="Опубликовать сейчас"
                done={PUBLISHED}
                variant="default"
                fetcherKey={PUBLISH_FETCHER}
              />
            )}
            {may.publish ? (
              <ReleaseActionForm intent={releaseIntents.cancel} label="Отменить выпуск" done="Выпуск отменён" variant="ghost" />
            ) : null}
          </div>
        ) : null}
        {reviewer ? (
          <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-700">Проверка: вы не вносили изменений в этот выпуск и можете его одобрить или вернуть.</p>
            <ReleaseActionForm intent={releaseIntents.approve} label="Одобрить" done="Выпуск одобрен" variant="default">
              <div className="grid min-w-64 flex-1 gap-1">
                <Label htmlFor="approve-comment">Комментарий (необязательно)</Label>
                <Input id="approve-comment" name="comment" maxLength={2000} />
              </div>
            </ReleaseActionForm>
            <ReleaseActionForm intent={releaseIntents.sendBack} label="Вернуть на доработку" done="Выпуск возвращён автору">
              <div className="grid min-w-64 flex-1 gap-1">
                <Label htmlFor="send-back-comment">Что исправить</Label>
                <Input id="send-back-comment" name="comment" maxLength={2000} required />
              </div>
            </ReleaseActionForm>
          </div>
        ) : null}
        {may.publish && release.state !== "scheduled" ? (
          <ReleaseActionForm intent={releaseIntents.schedule} label="Запланировать" done="Выпуск запланирован">
            <div className="grid gap-1">
              <Label htmlFor="schedule-at">Дата и время публикации ({release.timeZone})</Label>
              <Input id="schedule-at" name="at" type="datetime-local" step={1} required defaultValue={release.defaultScheduleAt} />
            </div>
          </ReleaseActionForm>
        ) : null}
        {release.fourEyes ? <p className="text-sm text-slate-600">Публикация только после проверки другим администратором.</p> : null}
      </CardContent>
    </Card>
  );
}
