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
import { formatDateTime, TEAM_ACTION, type OwnSessionView } from "~/features/team/format";

/** The signed-in administrator's own password and sessions. */
export function OwnAccountCard({ sessions }: { sessions: OwnSessionView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Моя учётная запись</CardTitle>
        <CardDescription>Смена пароля завершает все другие сеансы.</CardDescription>
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
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formKey, setFormKey] = useState(0);
  useActionResult(fetcher, {
    onSuccess: () => {
      setFormKey((key) => key + 1);
      toastSuccess("Пароль изменён", "Другие сеансы завершены");
    },
    onFailure: (failure) => toastError("Не удалось изменить пароль", failure.message),
  });
  const shown: PasswordErrors = {
    currentPassword: errors.currentPassword ?? fieldError(fetcher.data, "currentPassword"),
    newPassword: errors.newPassword ?? fieldError(fetcher.data, "newPassword"),
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
    <form key={formKey} onSubmit={submit} noValidate className="space-y-3" aria-label="Смена пароля">
      {field("currentPassword", "Текущий пароль", "current-password")}
      {field("newPassword", "Новый пароль", "new-password")}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? <Loader2 className="animate-spin" /> : <KeyRound />} Сменить пароль
      </Button>
    </form>
  );
}

function OwnSessions({ sessions }: { sessions: OwnSessionView[] }) {
  const fetcher = useFetcher<ActionResult>({ key: "end-own-session" });
  useActionResult(fetcher, {
    onSuccess: () => toastSuccess("Сеанс завершён"),
    onFailure: (failure) => toastError("Не удалось завершить сеанс", failure.message),
  });
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">Мои сеансы</h4>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Мои сеансы">
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" title={session.userAgent ?? undefined}>
                {describeAgent(session.userAgent)}
                {session.current ? <span className="ml-2 text-xs font-normal text-emerald-700">этот сеанс</span> : null}
              </p>
              <p className="text-xs text-slate-600">
                {session.ipAddress ?? "адрес неизвестен"} · активен {formatDateTime(session.updatedAt)}
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
                <LogOut /> Завершить
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A short name for a browser from its user agent; the full string is in the tooltip. */
function describeAgent(agent: string | null) {
  if (!agent) return "Неизвестный браузер";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Браузер";
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
