import { KeyRound, Loader2, LogOut } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { passwordChangeSchema } from "~/features/team/schema";
import { teamIntents } from "~/features/team/intents";
import { TEAM_ACTION, type OwnSessionView } from "~/features/team/format";
import { formatDateTime } from "~/features/admin-i18n/format";
import { inLanguage, type Catalogue } from "~/features/admin-i18n/messages";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** The signed-in administrator's own password and sessions. */
export function OwnAccountCard({ sessions }: { sessions: OwnSessionView[] }) {
  const { m } = useMessages();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.account.title}</CardTitle>
        <CardDescription>{m.account.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <PasswordForm />
        <OwnSessions sessions={sessions} />
      </CardContent>
    </Card>
  );
}

type PasswordErrors = { currentPassword?: string; newPassword?: string };

function PasswordForm() {
  const { m, language } = useMessages();
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formKey, setFormKey] = useState(0);
  useActionResult(fetcher, {
    onSuccess: () => {
      setFormKey((key) => key + 1);
      toastSuccess(m.account.passwordChanged, m.account.otherSessionsEnded);
    },
    onFailure: (failure) => toastError(m.account.passwordChangeFailed, inLanguage(language, failure.message)),
  });
  // The schema's and the server's messages are the Russian catalogue's: shown in the administrator's language.
  const shown: PasswordErrors = {
    currentPassword: inLanguage(language, errors.currentPassword ?? fieldError(fetcher.data, "currentPassword")),
    newPassword: inLanguage(language, errors.newPassword ?? fieldError(fetcher.data, "newPassword")),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = passwordChangeSchema.safeParse({ currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
    if (!parsed.success) {
      const next: PasswordErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof PasswordErrors] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    void fetcher.submit({ intent: teamIntents.changePassword, ...parsed.data }, { method: "post", action: TEAM_ACTION });
  }

  const field = (name: keyof PasswordErrors, label: string, autoComplete: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={shown[name] ? true : undefined}
        aria-describedby={shown[name] ? `${id}-${name}-error` : undefined}
      />
      <FieldError id={`${id}-${name}-error`}>{shown[name]}</FieldError>
    </div>
  );

  return (
    <form key={formKey} onSubmit={submit} noValidate className="space-y-3" aria-label={m.account.passwordForm}>
      {field("currentPassword", m.account.currentPassword, "current-password")}
      {field("newPassword", m.account.newPassword, "new-password")}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? <Loader2 className="animate-spin" /> : <KeyRound />} {m.account.changePassword}
      </Button>
    </form>
  );
}

function OwnSessions({ sessions }: { sessions: OwnSessionView[] }) {
  const { m, language } = useMessages();
  const fetcher = useFetcher<ActionResult>({ key: "end-own-session" });
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess(m.account.sessionEnded),
    onFailure: (failure) => toastError(m.account.sessionEndFailed, inLanguage(language, failure.message)),
  });
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">
        {m.account.sessions} ({m.account.sessionCount({ count: sessions.length })})
      </h4>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={m.account.sessions}>
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" title={session.userAgent ?? undefined}>
                {describeAgent(m, session.userAgent)}
                {session.current ? <span className="ml-2 text-xs font-normal text-emerald-700">{m.account.thisSession}</span> : null}
              </p>
              <p className="text-xs text-slate-600">
                {session.ipAddress ?? m.account.unknownAddress} ·{" "}
                {m.account.activeAt({ when: `${formatDateTime(language, session.updatedAt, { date: "short" })} UTC` })}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="ghost"
                size="sm"
                disabled={fetcher.state !== "idle"}
                onClick={() =>
                  void fetcher.submit({ intent: teamIntents.endOwnSession, sessionId: session.id }, { method: "post", action: TEAM_ACTION })
                }
              >
                <LogOut /> {m.account.endSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A short name for a browser from its user agent; the full string is in the tooltip. */
function describeAgent(m: Catalogue, agent: string | null) {
  if (!agent) return m.account.unknownBrowser;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : m.account.browser;
  const system = /Windows/.test(agent)
    ? "Windows"
    : /Android/.test(agent)
      ? "Android"
      : /iPhone|iPad/.test(agent)
        ? "iOS"
        : /Mac OS/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return system ? `${browser}, ${system}` : browser;
}
