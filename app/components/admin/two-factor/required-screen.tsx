import { ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { LogoutButton } from "~/components/admin/shell/logout-button";
import { TwoFactorEnrolment } from "./enrolment";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * Two-factor is required for every administrator and this one has not set it up: enrolment
 * comes before any tab (the server refuses every other admin loader and action meanwhile).
 */
export function TwoFactorRequiredScreen({ email, onDone }: { email: string; onDone: () => void }) {
  const { m } = useMessages();
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">{m.twoFactor.screenTitle}</h1>
          <p className="text-sm text-slate-600">{m.twoFactor.screenText({ email })}</p>
        </div>
        <div className="mt-6">
          <TwoFactorEnrolment
            onDone={() => {
              onDone();
              void navigate("/admin/content", { replace: true });
            }}
          />
        </div>
        <div className="mt-6 flex justify-center border-t border-slate-100 pt-4">
          <LogoutButton variant="ghost" />
        </div>
      </div>
    </main>
  );
}
