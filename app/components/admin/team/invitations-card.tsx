import { Copy, Loader2, MailPlus, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { invitationCreateSchema } from "~/features/team/schema";
import { teamIntents } from "~/features/team/intents";
import { formatDateTime, TEAM_ACTION, type InvitationView } from "~/features/team/format";
import { roleNames } from "~/features/access/matrix";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

type InviteResult = ActionResult & { link?: string; mailed?: boolean };

/** Invites an address by a single-use link (7 days), shows the link to copy, lists what is pending. */
// long-function: one card: the invite form, the link to copy and the pending list share the last answer
export function InvitationsCard({ invitations, mailConfigured }: { invitations: InvitationView[]; mailConfigured: boolean }) {
  const { m, language } = useMessages();
  const id = useId();
  const inviter = useFetcher<InviteResult>();
  const withdrawer = useFetcher<ActionResult>({ key: "withdraw-invitation" });
  const [link, setLink] = useState<{ url: string; mailed: boolean } | null>(null);
  const [clientError, setClientError] = useState<string>();
  useActionResult(inviter, {
    onSuccess: () => {
      const result = inviter.data as InviteResult;
      setLink({ url: result.link ?? "", mailed: Boolean(result.mailed) });
      toastSuccess(m.team.invited, result.mailed ? m.team.linkMailed : m.team.copyLink);
    },
    onFailure: (failure) => toastError(m.team.inviteFailed, inLanguage(language, failure.message)),
  });
  useActionResult(withdrawer, {
    onSuccess: () => toastSuccess(m.team.withdrawn),
    onFailure: (failure) => toastError(m.team.withdrawFailed, inLanguage(language, failure.message)),
  });
  const busy = inviter.state !== "idle";
  const emailError = inLanguage(language, clientError ?? fieldError(inviter.data, "email"));

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const parsed = invitationCreateSchema.safeParse({ email: formData.get("email"), role: formData.get("role") });
    if (!parsed.success) return setClientError(parsed.error.issues[0]?.message);
    setClientError(undefined);
    setLink(null);
    void inviter.submit(
      { intent: teamIntents.invite, email: parsed.data.email, role: parsed.data.role },
      { method: "post", action: TEAM_ACTION },
    );
    form.reset();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team.invitations}</CardTitle>
        <CardDescription>
          {m.team.invitationsDescription}
          {mailConfigured ? m.team.mailed : m.team.notMailed}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={invite} noValidate className="flex flex-wrap items-start gap-2">
          <div className="min-w-60 flex-1 space-y-1.5">
            <Label htmlFor={`${id}-email`}>{m.team.inviteeEmail}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              // i18n-ignore: an example address, not words
              placeholder="colleague@example.com"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`}>{emailError}</FieldError>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-role`}>{m.team.role}</Label>
            <select
              id={`${id}-role`}
              name="role"
              defaultValue="author"
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              {roleNames.map((role) => (
                <option key={role} value={role}>
                  {m.access.roles[role]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" className="mt-6" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" /> : <MailPlus />} {m.team.invite}
          </Button>
        </form>
        {link ? <InvitationLink url={link.url} /> : null}
        {invitations.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={m.team.pending}>
            {invitations.map((invitation) => {
              const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
              return (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
                  data-testid={`invitation-${invitation.email}`}
                >
                  <span className="flex-1 font-medium">{invitation.email}</span>
                  <span className="text-slate-600">{m.access.roles[invitation.role]}</span>
                  <span className={expired ? "text-red-700" : "text-slate-600"} suppressHydrationWarning>
                    {expired ? m.team.expired : m.team.until} {formatDateTime(invitation.expiresAt, language)}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={withdrawer.state !== "idle"}
                    onClick={() =>
                      void withdrawer.submit(
                        { intent: teamIntents.withdraw, invitationId: invitation.id },
                        { method: "post", action: TEAM_ACTION },
                      )
                    }
                    aria-label={m.team.withdrawFor({ email: invitation.email })}
                  >
                    <X /> {m.team.withdraw}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{m.team.nonePending}</p>
        )}
      </CardContent>
    </Card>
  );
}

function InvitationLink({ url }: { url: string }) {
  const { m } = useMessages();
  const id = useId();
  return (
    <div className="space-y-1.5 rounded-lg bg-indigo-50 p-3">
      <Label htmlFor={id}>{m.team.link}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => toastSuccess(m.team.copied),
              () => toastError(m.team.copyFailed),
            )
          }
        >
          <Copy /> {m.team.copy}
        </Button>
      </div>
    </div>
  );
}
