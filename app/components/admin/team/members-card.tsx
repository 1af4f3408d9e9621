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
import { roleNames } from "~/features/access/matrix";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";

/** The toast of a member action that went through. */
function successOf(m: Catalogue, intent: string) {
  const successes: Record<string, string> = {
    [teamIntents.grant]: m.team.granted,
    [teamIntents.revoke]: m.team.revoked,
    [teamIntents.setRole]: m.team.roleChanged,
    [teamIntents.delete]: m.team.deleted,
    [teamIntents.endSessions]: m.team.sessionsEnded,
  };
  return successes[intent] ?? m.team.done;
}

/** Every account: e-mail, dates, role and sessions, with the actions an administrator may take. */
export function MembersCard({ me, members }: { me: string; members: TeamMemberView[] }) {
  // One fetcher for the whole list: a deleted row is gone before its answer could be read.
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "team-member" });
  useActionResult(fetcher, {
    onSuccess: (result) => toastSuccess(successOf(m, result.intent)),
    onFailure: (failure) => toastError(m.team.error, inLanguage(language, failure.message) || m.team.actionFailed),
  });
  const busy = fetcher.state !== "idle";
  const send = (intent: string, userId: string, more: Record<string, string> = {}) =>
    void fetcher.submit({ intent, userId, ...more }, { method: "post", action: TEAM_ACTION });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team.accounts}</CardTitle>
        <CardDescription>{m.team.accountsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.email}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.created}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.lastSignIn}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.role}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.twoFactor}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {m.team.sessions}
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{m.team.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id} data-testid={`team-member-${member.email}`}>
                <td className="py-2.5 pr-3 font-medium text-slate-900">
                  {member.email}
                  {member.id === me ? <span className="ml-2 text-xs font-normal text-slate-600">{m.team.you}</span> : null}
                </td>
                <td className="py-2.5 pr-3 text-slate-700">{formatDateTime(member.createdAt, language)}</td>
                <td className="py-2.5 pr-3 text-slate-700">{formatDateTime(member.lastSignInAt, language)}</td>
                <td className="py-2.5 pr-3">
                  <RoleField member={member} busy={busy} send={send} />
                </td>
                <td className="py-2.5 pr-3" data-testid="two-factor-state">
                  {member.twoFactorEnabled ? (
                    <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">{m.team.on}</span>
                  ) : (
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{m.team.off}</span>
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
  const { m } = useMessages();
  const [locales, setLocales] = useState(member.locales.join(", "));
  const choose = (role: string, localeText = locales) => send(teamIntents.setRole, member.id, { role, locales: localeText });
  return (
    <div className="flex flex-col gap-1">
      <select
        aria-label={m.team.roleOf({ email: member.email })}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={member.role ?? "none"}
        disabled={busy}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        {roleNames.map((role) => (
          <option key={role} value={role}>
            {m.access.roles[role]}
          </option>
        ))}
        <option value="none">{m.team.noRoleOption}</option>
      </select>
      {member.role === "translator" ? (
        <input
          aria-label={m.team.localesOf({ email: member.email })}
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
  const { m } = useMessages();
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        disabled={busy || member.activeSessions === 0}
        aria-label={m.team.endSessions({ email: member.email })}
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
            aria-label={m.team.deleteAccount({ email: member.email })}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 />
          </Button>
        }
        title={m.team.deleteTitle}
        description={m.team.deleteDescription({ email: member.email })}
        confirmLabel={m.team.deleteConfirm}
        cancelLabel={m.team.cancel}
        onConfirm={() => send(teamIntents.delete, member.id)}
      />
    </div>
  );
}
