import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useActionData } from "react-router";
import { toastError, toastSuccess } from "~/components/ui/toast";
import type { LoginActionData, LoginIntent } from "~/features/auth/login-contract";
import { resetMessages, type SignUpScreen } from "~/features/auth/schema";
import { LoginTabs } from "./login/login-tabs";
import { SsoSignIn } from "./login/sso-sign-in";
import type { SsoScreen } from "~/features/sso/messages";
import { ResetPasswordForm } from "./password-reset";
import { CodeStep } from "./two-factor/code-step";
import { LogoutButton } from "./shell/logout-button";

export type { LoginActionData, LoginIntent } from "~/features/auth/login-contract";

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
  sso = null,
}: {
  signedInAs: string | null;
  signUp: SignUpScreen | null;
  resetToken: string | null;
  /** The password was right and the account has two-factor on: the code is asked for next. */
  codePending?: boolean;
  mailConfigured: boolean;
  /** Single sign-on: the 'Войти через SSO' button and a refusal's reason (app/features/sso). */
  sso?: SsoScreen | null;
}) {
  // An invitation link opens the sign-up tab; so does a link that no longer works, to say why.
  const [tab, setTab] = useState<LoginIntent>(signUp?.invitation ? "signup" : "login");
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
    <LoginShell signedInAs={signedInAs}>
      {resetToken ? (
        <ResetPasswordForm token={resetToken} />
      ) : askCode ? (
        <CodeStep onBack={() => setAskCode(false)} />
      ) : (
        <>
          <SsoSignIn sso={sso} />
          <LoginTabs tab={tab} onTabChange={setTab} signUp={signUp} mailConfigured={mailConfigured} />
        </>
      )}
    </LoginShell>
  );
}

/** The card around every step of signing in: the heading, and a note for an account that is not an administrator. */
function LoginShell({ signedInAs, children }: { signedInAs: string | null; children: ReactNode }) {
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
            <LogoutButton />
          </div>
        ) : null}
        {children}
      </div>
    </main>
  );
}
