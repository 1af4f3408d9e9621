import { Check, Copy, Loader2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError } from "~/components/ui/toast";
import { TWO_FACTOR_ACTION, twoFactorConfirmSchema, twoFactorPasswordSchema } from "~/features/auth/two-factor-schema";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

type Started = { ok: true; intent: string; totpUri: string; secret: string; qrSvg: string; backupCodes: string[] };

/**
 * Enrolment in three steps: the password; the QR code (and the secret as text) with a code from
 * the app to confirm; then the ten backup codes, shown once. Two-factor is on only after step two.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const { m } = useMessages();
  const [started, setStarted] = useState<Started | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  if (!started)
    return (
      <PasswordStep
        intent={twoFactorIntents.start}
        submitLabel={m.twoFactor.continue}
        onSuccess={(result) => setStarted(result as Started)}
      />
    );
  if (!confirmed) return <ScanStep started={started} onConfirmed={() => setConfirmed(true)} />;
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
        {m.twoFactor.enabled}
      </p>
      <BackupCodes codes={started.backupCodes} />
      <Button onClick={onDone}>{m.twoFactor.done}</Button>
    </div>
  );
}

/** A password form for one two-factor write; `onSuccess` gets the server's answer. */
export function PasswordStep({
  intent,
  submitLabel,
  destructive,
  onSuccess,
}: {
  intent: string;
  submitLabel: string;
  destructive?: boolean;
  onSuccess: (result: ActionResult) => void;
}) {
  const { m, language } = useMessages();
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [error, setError] = useState<string>();
  useActionResult(fetcher, { onSuccess, onFailure: (failure) => toastError(m.twoFactor.error, inLanguage(language, failure.message)) });
  const shown = inLanguage(language, error ?? fieldError(fetcher.data, "password"));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoFactorPasswordSchema.safeParse({ password: new FormData(event.currentTarget).get("password") });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    void fetcher.submit({ intent, ...parsed.data }, { method: "post", action: TWO_FACTOR_ACTION });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>{m.twoFactor.password}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-password-error` : `${id}-password-hint`}
        />
        <p id={`${id}-password-hint`} className="text-xs text-slate-600">
          {m.twoFactor.passwordHint}
        </p>
        <FieldError id={`${id}-password-error`}>{shown}</FieldError>
      </div>
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? <Loader2 className="animate-spin" /> : null} {submitLabel}
      </Button>
    </form>
  );
}

function ScanStep({ started, onConfirmed }: { started: Started; onConfirmed: () => void }) {
  const { m, language } = useMessages();
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const [error, setError] = useState<string>();
  useActionResult(fetcher, {
    onSuccess: onConfirmed,
    onFailure: (failure) => toastError(m.twoFactor.codeRejected, inLanguage(language, failure.message)),
  });
  const shown = inLanguage(language, error ?? fieldError(fetcher.data, "code"));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoFactorConfirmSchema.safeParse({ code: new FormData(event.currentTarget).get("code") });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    void fetcher.submit({ intent: twoFactorIntents.confirm, ...parsed.data }, { method: "post", action: TWO_FACTOR_ACTION });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{m.twoFactor.scan}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label={m.twoFactor.qr}
          className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: started.qrSvg }}
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-slate-700">{m.twoFactor.manual}</p>
          <code data-testid="two-factor-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
            {started.secret}
          </code>
          <CopyButton text={started.secret} label={m.twoFactor.copyKey} />
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-code`} className="block">
            {m.twoFactor.totpLabel}
          </Label>
          <Input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-40 font-mono tracking-widest"
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-code-error` : undefined}
          />
          <FieldError id={`${id}-code-error`}>{shown}</FieldError>
        </div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? <Loader2 className="animate-spin" /> : null} {m.twoFactor.confirmAndEnable}
        </Button>
      </form>
    </div>
  );
}

/** The backup codes, shown once: each signs in once when the phone is not at hand. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { m } = useMessages();
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium text-slate-900">{m.twoFactor.backupCodes}</h4>
      <p className="text-sm text-slate-700">{m.twoFactor.backupCodesHint}</p>
      <ul
        aria-label={m.twoFactor.backupCodes}
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label={m.twoFactor.copyCodes} />
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { m } = useMessages();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {copied ? <Check /> : <Copy />} {copied ? m.twoFactor.copied : label}
    </Button>
  );
}
