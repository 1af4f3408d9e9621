import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { LoginIntent } from "~/features/auth/login-contract";
import type { SignUpScreen } from "~/features/auth/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { ForgotPassword } from "../password-reset";
import { credentialForms, CredentialsForm, signInForm, signUpForm } from "./credentials-form";

/** The Login and Sign-up tabs: the sign-in form (with the forgotten-password link) and the sign-up form. */
export function LoginTabs({
  tab,
  onTabChange,
  signUp,
  mailConfigured,
}: {
  tab: LoginIntent;
  onTabChange: (tab: LoginIntent) => void;
  signUp: SignUpScreen | null;
  mailConfigured: boolean;
}) {
  const { m } = useMessages();
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as LoginIntent)} className="mt-6">
      <TabsList className="grid w-full grid-cols-2">
        {credentialForms.map((form) => (
          <TabsTrigger key={form.intent} value={form.intent}>
            {m.login[form.texts].label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="login">
        <CredentialsForm {...signInForm} />
        {mailConfigured ? <ForgotPassword /> : null}
      </TabsContent>
      <TabsContent value="signup">
        <SignUpTab signUp={signUp} />
      </TabsContent>
    </Tabs>
  );
}

/** The sign-up tab: an invitation fixes the email, a link that no longer works says why, and closed sign-up says so. */
function SignUpTab({ signUp }: { signUp: SignUpScreen | null }) {
  const { language } = useMessages();
  const invitation = signUp?.invitation && "token" in signUp.invitation ? signUp.invitation : null;
  const invitationError = signUp?.invitation && "error" in signUp.invitation ? signUp.invitation.error : null;
  return (
    <>
      {invitationError ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {inLanguage(language, invitationError)}
        </p>
      ) : null}
      {invitation ? (
        <CredentialsForm {...signUpForm} invitation={invitation} />
      ) : signUp && !signUp.open ? (
        <ClosedSignUp />
      ) : (
        <CredentialsForm {...signUpForm} />
      )}
    </>
  );
}

/** Sign-up closed by an administrator: accounts come only from invitations. */
function ClosedSignUp() {
  const { m } = useMessages();
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{m.login.closed}</p>
      <p className="mt-1">{m.login.closedHint}</p>
    </div>
  );
}
