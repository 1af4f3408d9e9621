import { data, redirect } from "react-router";
import { twoFactorIntents } from "~/features/auth/two-factor-intents";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { recordEvent } from "~/features/activity/activity.server";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  isTwoFactorRequired,
  regenerateBackupCodes,
  startEnrolment,
  type TwoFactorFailure,
} from "~/features/auth/two-factor.server";
import { twoFactorConfirmSchema, twoFactorMessages, twoFactorPasswordSchema } from "~/features/auth/two-factor-schema";
import type { Route } from "./+types/admin.two-factor";

const answerFailure = (intent: string, failure: TwoFactorFailure) =>
  failed(intent, failure.status, failure.message, failure.field ? { [failure.field]: [failure.message] } : undefined);

/**
 * The administrator's own two-factor sign-in: enrolment (password, then a code from the app),
 * disabling it and new backup codes. Reachable while two-factor is required and not yet set up,
 * which every other admin loader and action refuses.
 */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireMember(request, null, { enrolling: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  const event = (kind: string) => recordEvent(db, { kind, area: "auth", actor: me, target: me.email });
  return runAction(
    intent,
    async () => {
      switch (intent) {
        case twoFactorIntents.start: {
          const parsed = twoFactorPasswordSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, twoFactorMessages.invalid);
          const started = await startEnrolment(request, parsed.data.password);
          if (!started.ok) return answerFailure(intent, started);
          return {
            ...succeeded(intent),
            totpUri: started.totpUri,
            secret: started.secret,
            qrSvg: started.qrSvg,
            backupCodes: started.backupCodes,
          };
        }
        case twoFactorIntents.confirm: {
          const parsed = twoFactorConfirmSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, twoFactorMessages.invalid);
          const confirmed = await confirmEnrolment(request, parsed.data.code);
          if (!confirmed.ok) return answerFailure(intent, confirmed);
          await event("auth.two_factor_enable");
          return data(succeeded(intent), { headers: confirmed.headers });
        }
        case twoFactorIntents.disable: {
          const parsed = twoFactorPasswordSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, twoFactorMessages.invalid);
          // Required for every administrator: turning it off would only send this one back to enrolment.
          if (await isTwoFactorRequired(db)) return failed(intent, 409, twoFactorMessages.requiredNoDisable);
          const disabled = await disableTwoFactor(request, parsed.data.password);
          if (!disabled.ok) return answerFailure(intent, disabled);
          await event("auth.two_factor_disable");
          return data(succeeded(intent), { headers: disabled.headers });
        }
        case twoFactorIntents.regenerate: {
          const parsed = twoFactorPasswordSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, twoFactorMessages.invalid);
          const regenerated = await regenerateBackupCodes(request, parsed.data.password);
          if (!regenerated.ok) return answerFailure(intent, regenerated);
          await event("auth.backup_codes_regenerate");
          return { ...succeeded(intent), backupCodes: regenerated.backupCodes };
        }
        default:
          return failed(intent, 400, twoFactorMessages.invalid);
      }
    },
    { log: "two-factor write failed", message: twoFactorMessages.failed },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, null, { enrolling: true });
  return redirect("/admin/other/team");
}
