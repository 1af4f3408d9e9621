import { useEffect } from "react";
import { data } from "react-router";
import { UPDATE_FEE } from "~/components/admin/fees/fee-field";
import { VersionsContext } from "~/components/admin/history/versions";
import { FeesPanel } from "~/components/admin/fees/fees-panel";
import { toastError } from "~/components/ui/toast";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { getDb } from "~/platform/db.server";
import { listFees, updateFee } from "~/features/content/fees/admin.server";
import { logger } from "~/platform/logger.server";
import { requireMember } from "~/features/auth/permissions.server";
import { readForm } from "~/platform/read-form.server";
import { failed, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { latestVersions } from "~/features/records/revisions.server";
import { feeUpdateSchema } from "~/features/content/fees/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { fees as ruFees } from "~/features/admin-i18n/catalogue/ru/fees";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { EffectiveDateField } from "~/components/admin/effective/effective-date-field";
import { runEffectiveDateAction } from "~/features/effective-dates/actions.server";
import { SET_EFFECTIVE_DATE } from "~/features/effective-dates/schema";
import { effectiveEditorState } from "~/features/effective-dates/stage.server";
import type { Route } from "./+types/admin.fees";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.fees.title);

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  try {
    const fees = await listFees(getDb());
    const versions = await latestVersions(
      getDb(),
      Object.keys(fees).map((section) => `fees/${section}`),
    );
    // The effective date field, while a release is drafted.
    const effective = await effectiveEditorState(getDb(), actor.id, ["fees"]);
    return data({ fees, versions, effective, loadFailed: false }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The fields still show (with their defaults) so the tab is never blank.
    logger.error({ err: error }, "fees read failed");
    return data(
      { fees: defaultsFor("fees"), versions: {}, effective: null, loadFailed: true },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  if (intent === SET_EFFECTIVE_DATE) return runEffectiveDateAction(getDb(), actor, form, ["fees"]);
  if (intent !== UPDATE_FEE) return failed(intent, 400, ruFees.unknownAction);
  const parsed = feeUpdateSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error);
  return runAction(
    intent,
    async () => {
      await updateFee(getDb(), parsed.data, actor);
      return succeeded(intent);
    },
    { log: "fees write failed" },
  );
}

export default function AdminFees({ loaderData }: Route.ComponentProps) {
  const { m } = useMessages();
  useEffect(() => {
    if (loaderData.loadFailed) toastError(m.fees.error, m.fees.loadFailed);
    // Once per failed load, in the language the tab opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaderData.loadFailed]);
  return (
    <VersionsContext.Provider value={loaderData.versions}>
      {loaderData.effective && <EffectiveDateField document="fees" state={loaderData.effective} action="/admin/fees" />}
      <FeesPanel fees={loaderData.fees} />
    </VersionsContext.Provider>
  );
}
