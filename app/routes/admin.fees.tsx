import { useEffect } from "react";
import { data } from "react-router";
import { UPDATE_FEE } from "~/components/admin/fees/fee-field";
import { FeesPanel } from "~/components/admin/fees/fees-panel";
import { toastError } from "~/components/ui/toast";
import { defaultsFor } from "~/content/catalogue";
import { getDb } from "~/lib/db.server";
import { listFees, updateFee } from "~/lib/fees-admin.server";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/lib/permissions.server";
import { readForm } from "~/lib/read-form.server";
import { actionFailure, actionSuccess, validationFailure } from "~/lib/settings-admin.server";
import { feeUpdateSchema } from "~/schemas/fees";
import type { Route } from "./+types/admin.fees";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return data({ fees: await listFees(getDb()), loadFailed: false }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The fields still show (with their defaults) so the tab is never blank.
    logger.error({ err: error }, "fees read failed");
    return data({ fees: defaultsFor("fees"), loadFailed: true }, { headers: { "Cache-Control": "no-store" } });
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  if (form.intent !== UPDATE_FEE) return actionFailure("validation", 400, "Unknown action");
  const parsed = feeUpdateSchema.safeParse(form);
  if (!parsed.success) return validationFailure(parsed.error);
  try {
    await updateFee(getDb(), parsed.data);
    return actionSuccess();
  } catch (error) {
    logger.error({ err: error, section: parsed.data.section }, "fees write failed");
    return actionFailure("server", 500);
  }
}

export default function AdminFees({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (loaderData.loadFailed) toastError("Error", "Failed to load fees content");
  }, [loaderData.loadFailed]);
  return <FeesPanel fees={loaderData.fees} />;
}
