import { Loader2, ShieldCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toastError, toastSuccess } from "~/components/ui/toast";
import type { LoginActionData, LoginIntent } from "~/features/auth/login-contract";
import { CLOSED_SIGN_UP_MESSAGE, credentialsSchema, MIN_PASSWORD_LENGTH, resetMessages, type SignUpScreen } from "~/features/auth/schema";
import { ForgotPassword, ResetPasswordForm } from "./password-reset";
import { CodeStep } from "./two-factor/code-step";
import { LogoutButton } from "./shell/logout-button";

export type { LoginActionData, LoginIntent } from "~/features/auth/login-contract";

const forms = [
  { intent: "login", label: "Вход", submit: "Войти", busy: "Вход...", autoComplete: "current-password" },
  { intent: "signup", label: "Регистрация", submit: "Зарегистрироваться", busy: "Регистрация...", autoComplete: "new-password" },
] as const;

/** The success toast for a sign-up that signed the new account in at once: no mail was sent. */
export function announceSignedUp() {
  toastSuccess(signUpToast.title, signUpToast.signedIn);
}

export const signUpToast = {
  title: "Регистрация успешна",
  confirm: "Проверьте почту для подтверждения аккаунта",
  signedIn: "Учётная запись создана, вы вошли в систему",
} as const;

/** The toast for each answer of the login and sign-up forms. */
function announce(result: LoginActionData) {
  if (result.ok && result.intent === "reset") return toastSuccess(resetMessages.done, resetMessages.doneDescription);
  if (result.ok && result.intent === "forgot") return toastSuccess(resetMessages.mailed);
  if (result.ok && result.needsCode) return;
  if (result.ok) return toastSuccess(signUpToast.title, signUpToast.confirm);
  if (result.unexpected) return toastError("Ошибка", "Произошла неожиданная ошибка");
  const titles: Record<LoginIntent, string> = {
    login: "Ошибка входа",
    signup: "Ошибка регистрации",
    reset: "Не удалось сменить пароль",
    forgot: "Не удалось отправить ссылку",
    "sign-in-code": "Ошибка входа",
  };
  toastError(titles[result.intent], result.message);
}

/** The /admin login screen: Login and Sign-up tabs; shown to visitors and to non-admins. */
export function LoginScreen({
  signedInAs,
  signUp,
  resetToken,
  codePending = false,
  mailConfigured,
}: {
  signedInAs: string | null;
  signUp: SignUpScreen | null;
  resetToken: string | null;
  /** The password was right and the account has two-factor on: the code is asked for next. */
  codePending?: boolean;
  mailConfigured: boolean;
}) {
  // An invitation link opens the sign-up tab; so does a link that no longer works, to say why.
  const [tab, setTab] = useState<LoginIntent>(signUp?.invitation ? "signup" : "login");
  const invitation = signUp?.invitation && "token" in signUp.invitation ? signUp.invitation : null;
  const invitationError = signUp?.invitation && "error" in signUp.invitation ? signUp.invitation.error : null;
  const actionData = useActionData<LoginActionData>();
  const announced = useRef(actionData);
  const [askCode, setAskCode] = useState(codePending);
  useEffect(() => {
    if (!actionData || announced.current === actionData) return;
    announced.current = actionData;
    announce(actionData);
    if (actionData.ok && actionData.needsCode) setAskCode(true);
    if (!actionData.ok && actionData.restart) setAskCode(false);
    if (actionData.ok && actionData.intent !== "forgot") setTab("login");
  }, [actionData]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">Панель администратора</h1>
          <p className="text-sm text-slate-600">Войдите, чтобы управлять содержимым сайта.</p>
        </div>
        {signedInAs ? (
          <div className="mt-5 space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <p>Вы вошли как {signedInAs}, но у этой учётной записи нет прав администратора.</p>
            <LogoutButton label="Выйти" />
          </div>
        ) : null}
        {resetToken ? (
          <ResetPasswordForm token={resetToken} />
        ) : askCode ? (
          <CodeStep onBack={() => setAskCode(false)} />
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as LoginIntent)} className="mt-6">
            <TabsList className="grid w-full grid-cols-2">
              {forms.map((form) => (
                <TabsTrigger key={form.intent} value={form.intent}>
                  {form.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="login">
              <CredentialsForm {...forms[0]} />
              {mailConfigured ? <ForgotPassword /> : null}
            </TabsContent>
            <TabsContent value="signup">
              {invitationError ? (
                <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
                  {invitationError}
                </p>
              ) : null}
              {invitation ? (
                <CredentialsForm {...forms[1]} invitation={invitation} />
              ) : signUp && !signUp.open ? (
                <ClosedSignUp />
              ) : (
                <CredentialsForm {...forms[1]} />
              )}
            </TabsContent>
          </Tabs>
        )}
      </div>
    </main>
  );
}

/** Sign-up closed by an administrator: accounts come only from invitations. */
function ClosedSignUp() {
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{CLOSED_SIGN_UP_MESSAGE}</p>
      <p className="mt-1">Учётные записи создаются по приглашению: попросите администратора сайта прислать вам ссылку-приглашение.</p>
    </div>
  );
}

function CredentialsForm({
  intent,
  submit: submitLabel,
  busy: busyLabel,
  autoComplete,
  invitation,
}: (typeof forms)[number] & { invitation?: { token: string; email: string } }) {
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
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="admin@example.com"
          defaultValue={invitation?.email}
          readOnly={Boolean(invitation)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`}>{errors.email}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>Пароль</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={autoComplete}
          placeholder={signup ? `Минимум ${MIN_PASSWORD_LENGTH} символов` : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        <FieldError id={`${id}-password-error`}>{errors.password}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" /> : null}
        {busy ? busyLabel : submitLabel}
      </Button>
      {signup ? (
        <p className="rounded-md bg-indigo-50 p-3 text-xs text-indigo-900">
          {invitation
            ? "Вас пригласили администратором: после регистрации откроется панель."
            : "Первый зарегистрированный пользователь автоматически становится администратором."}
        </p>
      ) : null}
    </Form>
  );
}
