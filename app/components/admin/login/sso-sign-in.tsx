import { KeyRound } from "lucide-react";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { SSO_START_PATH, type SsoScreen } from "~/features/sso/messages";

/**
 * 'Войти через SSO' above the password form when single sign-on is configured, and why the last
 * sign-in through the provider was refused. A plain link: it works before the page's script runs.
 */
export function SsoSignIn({ sso }: { sso: SsoScreen | null }) {
  const { m } = useMessages();
  if (!sso || (!sso.enabled && !sso.refusal)) return null;
  return (
    <div className="mt-6 space-y-3">
      {sso.refusal ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{m.sso.refusedTitle}</p>
          <p className="mt-1">{m.sso.refusals[sso.refusal]}</p>
        </div>
      ) : null}
      {sso.enabled ? (
        <>
          <a
            href={SSO_START_PATH}
            className="flex w-full items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <KeyRound aria-hidden="true" className="size-4" />
            {m.sso.button}
          </a>
          {sso.passwordsForAll ? null : <p className="text-center text-xs text-slate-600">{m.sso.passwordsOff}</p>}
          <p className="text-center text-xs tracking-wide text-slate-500 uppercase">{m.sso.or}</p>
        </>
      ) : null}
    </div>
  );
}
