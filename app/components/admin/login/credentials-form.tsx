import { Loader2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { credentialsSchema, MIN_PASSWORD_LENGTH } from "~/features/auth/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

/** The two credential forms of the login screen: sign-in and sign-up, told apart by their intent (named by the catalogue's `login.signIn`, `login.signUp`). */
export const credentialForms = [
  { intent: "login", texts: "signIn", autoComplete: "current-password" },
  { intent: "signup", texts: "signUp", autoComplete: "new-password" },
] as const;

export const [signInForm, signUpForm] = credentialForms;

/** Email and password, checked in the browser before they are posted to /admin; an invitation fixes the email. */
export function CredentialsForm({
  intent,
  texts,
  autoComplete,
  invitation,
}: (typeof credentialForms)[number] & { invitation?: { token: string; email: string } }) {
  const { m, language } = useMessages();
  const navigation = useNavigation();
  const submit = useSubmit();
  const location = useLocation();
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const id = useId();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const signup = intent === "signup";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = credentialsSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      return setErrors({ email: fieldErrors.email?.[0], password: fieldErrors.password?.[0] });
    }
    setErrors({});
    void submit(form, { method: "post", action: "/admin" });
  }

  return (
    <Form method="post" action="/admin" noValidate onSubmit={onSubmit} className="mt-2 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      {invitation ? <input type="hidden" name="invitation" value={invitation.token} /> : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-email`}>{m.login.email}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          // i18n-ignore: an example address, not words
          placeholder="admin@example.com"
          defaultValue={invitation?.email}
          readOnly={Boolean(invitation)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`}>{inLanguage(language, errors.email)}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>{m.login.password}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={autoComplete}
          placeholder={signup ? m.login.minimum({ count: MIN_PASSWORD_LENGTH }) : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        <FieldError id={`${id}-password-error`}>{inLanguage(language, errors.password)}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" /> : null}
        {busy ? m.login[texts].busy : m.login[texts].submit}
      </Button>
      {signup ? (
        <p className="rounded-md bg-indigo-50 p-3 text-xs text-indigo-900">{invitation ? m.login.invited : m.login.firstIsAdmin}</p>
      ) : null}
    </Form>
  );
}
