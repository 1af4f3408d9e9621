import { KeyRound, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { MIN_PASSWORD_LENGTH } from "~/features/auth/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";

const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

/** The page a reset link opens: a new password for the account the link was made for. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { m } = useMessages();
  const id = useId();
  const busy = busyWith(useNavigation(), "reset");
  return (
    <Form method="post" action="/admin" className="mt-6 space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.passwordReset.title}
      </h2>
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>{m.passwordReset.newPassword}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={m.passwordReset.minimum({ count: MIN_PASSWORD_LENGTH })}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" /> : <KeyRound />} {m.passwordReset.save}
      </Button>
      <p className="text-center text-sm">
        <a href="/admin" className="text-indigo-700 hover:underline">
          {m.passwordReset.backToLogin}
        </a>
      </p>
    </Form>
  );
}

/** 'Забыли пароль?' (only with SMTP): asks for the address and mails a single-use link. */
export function ForgotPassword() {
  const { m } = useMessages();
  const id = useId();
  const [open, setOpen] = useState(false);
  const busy = busyWith(useNavigation(), "forgot");
  if (!open) {
    return (
      <p className="mt-3 text-center text-sm">
        <button type="button" className="text-indigo-700 hover:underline" onClick={() => setOpen(true)}>
          {m.passwordReset.forgot}
        </button>
      </p>
    );
  }
  return (
    <Form
      method="post"
      action="/admin"
      className="mt-4 space-y-3 rounded-md border border-slate-200 p-3"
      aria-label={m.passwordReset.title}
    >
      <input type="hidden" name="intent" value="forgot" />
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-email`}>{m.passwordReset.email}</Label>
        <Input id={`${id}-email`} name="email" type="email" autoComplete="email" />
      </div>
      <Button type="submit" variant="outline" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" /> : null} {m.passwordReset.send}
      </Button>
    </Form>
  );
}
