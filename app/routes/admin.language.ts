import { redirect } from "react-router";
import { failed, readForm, runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { requireMember } from "~/features/auth/permissions.server";
import { setAccountLanguage } from "~/features/admin-i18n/account-language.server";
import { LANGUAGE_INTENT } from "~/features/admin-i18n/intents";
import { adminLanguageSchema } from "~/features/admin-i18n/language";
import { messagesOf } from "~/features/admin-i18n/messages";
import type { Route } from "./+types/admin.language";

/** The signed-in administrator's dashboard language: stored on the account, answered in the new language. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireMember(request, null);
  const form = await readForm(request);
  const parsed = adminLanguageSchema.safeParse(form.language);
  if (!parsed.success) return failed(LANGUAGE_INTENT, 400, messagesOf(me.language).language.unknown);
  const language = parsed.data;
  return runAction(
    LANGUAGE_INTENT,
    async () => {
      await setAccountLanguage(getDb(), me.id, language);
      return { ok: true as const, intent: LANGUAGE_INTENT, language };
    },
    { log: "dashboard language change failed", message: messagesOf(me.language).language.changeFailed },
  );
}

/** Nothing to show at this address: an administrator is sent to the dashboard's first tab. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, null);
  return redirect("/admin/content");
}
