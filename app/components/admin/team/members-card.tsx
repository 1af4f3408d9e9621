import { LogOut, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { teamIntents } from "~/features/team/intents";
import { formatDateTime, TEAM_ACTION, type TeamMemberView } from "~/features/team/format";
import { roleNames, roles } from "~/features/access/matrix";

const successes: Record<string, string> = {
  [teamIntents.grant]: "Права администратора выданы",
  [teamIntents.revoke]: "Права администратора отозваны",
  [teamIntents.setRole]: "Роль изменена",
  [teamIntents.delete]: "Учётная запись удалена",
  [teamIntents.endSessions]: "Все сеансы завершены",
};

/** Every account: e-mail, dates, role and sessions, with the actions an administrator may take. */
export function MembersCard({ me, members }: { me: string; members: TeamMemberView[] }) {
  // One fetcher for the whole list: a deleted row is gone before its answer could be read.
  const fetcher = useFetcher<ActionResult>({ key: "team-member" });
  useActionResult(fetcher, {
    onSuccess: (result) => toastSuccess(successes[result.intent] ?? "Готово"),
    onFailure: (failure) => toastError("Ошибка", failure.message || "Не удалось выполнить действие"),
  });
  const busy = fetcher.state !== "idle";
  const send = (intent: string, userId: string, more: Record<string, string> = {}) =>
    void fetcher.submit({ intent, userId, ...more }, { method: "post", action: TEAM_ACTION });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Учётные записи</CardTitle>
        <CardDescription>
          Роль определяет, что человек видит и может делать в панели (таблица ролей — в docs/roles.md). Последнего администратора нельзя
          лишить роли или удалить.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Email
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Создана
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Последний вход
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Роль
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                2FA
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Сеансы
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id} data-testid={`team-member-${member.email}`}>
                <td className="py-2.5 pr-3 font-medium text-slate-900">
                  {member.email}
                  {member.id === me ? <span className="ml-2 text-xs font-normal text-slate-600">(вы)</span> : null}
                </td>
                <td className="py-2.5 pr-3 text-slate-700">{formatDateTime(member.createdAt)}</td>
                <td className="py-2.5 pr-3 text-slate-700">{formatDateTime(member.lastSignInAt)}</td>
                <td className="py-2.5 pr-3">
                  <RoleField member={member} busy={busy} send={send} />
                </td>
                <td className="py-2.5 pr-3" data-testid="two-factor-state">
                  {member.twoFactorEnabled ? (
                    <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Включена</span>
                  ) : (
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">Выключена</span>
                  )}
                </td>
                <td className="py-2.5 pr-3 text-slate-700">{member.activeSessions}</td>
                <td className="py-2.5">
                  <MemberActions member={member} busy={busy} send={send} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

type Send = (intent: string, userId: string, more?: Record<string, string>) => void;

/** The member's role, changed by choosing another (and, for a translator, the languages assigned). */
function RoleField({ member, busy, send }: { member: TeamMemberView; busy: boolean; send: Send }) {
  const [locales, setLocales] = useState(member.locales.join(", "));
  const choose = (role: string, localeText = locales) => send(teamIntents.setRole, member.id, { role, locales: localeText });
  return (
    <div className="flex flex-col gap-1">
      <select
        aria-label={`Роль ${member.email}`}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={member.role ?? "none"}
        disabled={busy}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {roleNames.map((role) => (
          <option key={role} value={role}>
            {roles[role]}
          </option>
        ))}
        <option value="none">Без роли</option>
      </select>
      {member.role === "translator" ? (
        <input
          aria-label={`Языки переводчика ${member.email} (коды через запятую)`}
          className="h-8 w-28 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={locales}
          disabled={busy}
          onChange={(event) => setLocales(event.currentTarget.value)}
          onBlur={() => (locales !== member.locales.join(", ") ? choose("translator") : undefined)}
        />
      ) : null}
    </div>
  );
}

function MemberActions({ member, busy, send }: { member: TeamMemberView; busy: boolean; send: Send }) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        disabled={busy || member.activeSessions === 0}
        aria-label={`Завершить все сеансы ${member.email}`}
        onClick={() => send(teamIntents.endSessions, member.id)}
      >
        <LogOut />
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={`Удалить учётную запись ${member.email}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 />
          </Button>
        }
        title="Удалить учётную запись?"
        description={`${member.email} больше не сможет войти; её сеансы завершатся.`}
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        onConfirm={() => send(teamIntents.delete, member.id)}
      />
    </div>
  );
}
