import { ArrowLeft, Loader2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { signInCodeSchema } from "~/features/auth/two-factor-schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

/** The /admin action's intent for the code step. */
export const SIGN_IN_CODE_INTENT = "sign-in-code";

/**
 * The second step of signing in to an account with two-factor on: a code from the
 * authenticator app, or one of the backup codes. Posted to the /admin action.
 */
export function CodeStep({ onBack }: { onBack: () => void }) {
  const { m, language } = useMessages();
  const id = useId();
  const navigation = useNavigation();
  const submit = useSubmit();
  const location = useLocation();
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [error, setError] = useState<string>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === SIGN_IN_CODE_INTENT;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = signInCodeSchema.safeParse({ method, code: form.get("code") });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    void submit(form, { method: "post", action: "/admin" });
  }

  const totp = method === "totp";
  return (
    <Form method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-6 space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.twoFactor.codeTitle}
      </h2>
      <p className="text-sm text-slate-600">{totp ? m.twoFactor.totpHint : m.twoFactor.backupHint}</p>
      <input type="hidden" name="intent" value={SIGN_IN_CODE_INTENT} />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-code`}>{totp ? m.twoFactor.totpLabel : m.twoFactor.backupLabel}</Label>
        <Input
          key={method}
          id={`${id}-code`}
          name="code"
          autoFocus
          inputMode={totp ? "numeric" : "text"}
          autoComplete="one-time-code"
          // i18n-ignore: the codes' format, not words
          placeholder={totp ? "123456" : "xxxxx-xxxxx"}
          maxLength={totp ? 7 : 11}
          className="font-mono tracking-widest"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
        />
        <FieldError id={`${id}-code-error`}>{inLanguage(language, error)}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" /> : null}
        {busy ? m.twoFactor.checking : m.twoFactor.confirm}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setError(undefined);
            setMethod(totp ? "backup" : "totp");
          }}
        >
          {totp ? m.twoFactor.useBackup : m.twoFactor.useTotp}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> {m.twoFactor.back}
        </Button>
      </div>
    </Form>
  );
}
