import { KeyRound, ShieldCheck, ShieldOff, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastSuccess } from "~/components/ui/toast";
import { BackupCodes, PasswordStep, TwoFactorEnrolment } from "./enrolment";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** The administrator's own two-factor sign-in: enrol, new backup codes, or turn it off. */
// long-function: one card whose three dialogs (enrol, backup codes, turn off) share one open state
export function TwoFactorCard({ enabled, required }: { enabled: boolean; required: boolean }) {
  const { m } = useMessages();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<"enrol" | "codes" | "disable" | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setOpen(null);
    setCodes(null);
    void revalidator.revalidate();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.twoFactor.cardTitle}</CardTitle>
        <CardDescription>{m.twoFactor.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-center gap-2 text-sm" data-testid="own-two-factor">
          {enabled ? (
            <>
              <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" /> {m.twoFactor.ownOn}
            </>
          ) : (
            <>
              <ShieldOff aria-hidden="true" className="size-5 text-amber-700" /> {m.twoFactor.ownOff}
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => setOpen("codes")}>
                <KeyRound /> {m.twoFactor.newCodes}
              </Button>
              {required ? null : (
                <Button variant="outline" className="text-red-700" onClick={() => setOpen("disable")}>
                  <ShieldOff /> {m.twoFactor.disable}
                </Button>
              )}
            </>
          ) : (
            <Button className="h-auto min-h-9 whitespace-normal" onClick={() => setOpen("enrol")}>
              <ShieldCheck /> {m.twoFactor.enable}
            </Button>
          )}
        </div>
      </CardContent>
      <TwoFactorDialog open={open === "enrol"} onClose={close} title={m.twoFactor.enrolTitle}>
        <TwoFactorEnrolment onDone={close} />
      </TwoFactorDialog>
      <TwoFactorDialog open={open === "codes"} onClose={close} title={m.twoFactor.newCodes}>
        {codes ? (
          <div className="space-y-4">
            <BackupCodes codes={codes} />
            <Button onClick={close}>{m.twoFactor.done}</Button>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">{m.twoFactor.oldCodesVoid}</p>
            <PasswordStep
              intent={twoFactorIntents.regenerate}
              submitLabel={m.twoFactor.createCodes}
              onSuccess={(result) => setCodes((result as unknown as { backupCodes: string[] }).backupCodes)}
            />
          </>
        )}
      </TwoFactorDialog>
      <TwoFactorDialog open={open === "disable"} onClose={close} title={m.twoFactor.disableTitle}>
        <p className="mb-3 text-sm text-slate-700">{m.twoFactor.disableText}</p>
        <PasswordStep
          intent={twoFactorIntents.disable}
          submitLabel={m.twoFactor.disable}
          destructive
          onSuccess={() => {
            toastSuccess(m.twoFactor.disabled);
            close();
          }}
        />
      </TwoFactorDialog>
    </Card>
  );
}

export function TwoFactorDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { m } = useMessages();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={m.twoFactor.close}>
                <X />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
