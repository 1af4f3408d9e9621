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
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { Catalogue } from "~/features/admin-i18n/messages";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import { login as ruLogin } from "~/features/admin-i18n/catalogue/ru/login";

export type { LoginActionData, LoginIntent } from "~/features/auth/login-contract";

/**
 * The success toast for a sign-up that signed the new account in at once: no mail was sent. Said
 * in the login screen's language, the default (no account's language is known before it).
 */
export function announceSignedUp() {
  toastSuccess(ruLogin.signedUp, ruLogin.signedUpIn);
}

/** The toast for each answer of the login and sign-up forms. */
function announce(result: LoginActionData, m: Catalogue, language: AdminLanguage) {
  if (result.ok && result.intent === "reset")
    return toastSuccess(inLanguage(language, resetMessages.done), inLanguage(language, resetMessages.doneDescription));
  if (result.ok && result.intent === "forgot") return toastSuccess(inLanguage(language, resetMessages.mailed));
  if (result.ok && result.needsCode) return;
  if (result.ok) return toastSuccess(m.login.signedUp, m.login.confirmMail);
  if (result.unexpected) return toastError(m.login.error, m.login.unexpected);
  const titles: Record<LoginIntent, string> = m.login.failures;
  toastError(titles[result.intent], inLanguage(language, result.message));
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
  const { m, language } = useMessages();
  const [tab, setTab] = useState<LoginIntent>(signUp?.invitation ? "signup" : "login");
  const actionData = useActionData<LoginActionData>();
  const announced = useRef(actionData);
  const [askCode, setAskCode] = useState(codePending);
  useEffect(() => {
    if (!actionData || announced.current === actionData) return;
    announced.current = actionData;
    announce(actionData, m, language);
    if (actionData.ok && actionData.needsCode) setAskCode(true);
    if (!actionData.ok && actionData.restart) setAskCode(false);
    if (actionData.ok && actionData.intent !== "forgot") setTab("login");
    // Announced once per answer, in the language the screen speaks then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  const { m } = useMessages();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">{m.login.title}</h1>
          <p className="text-sm text-slate-600">{m.login.intro}</p>
        </div>
        {signedInAs ? (
          <div className="mt-5 space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <p>{m.login.signedInAs({ email: signedInAs })}</p>
            <LogoutButton />
          </div>
        ) : null}
        {children}
      </div>
    </main>
  );
}
