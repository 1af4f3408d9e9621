// The effective date's write as the legal pages' and the fees' tabs post it: parsed by its
// schema, for the pages that tab edits only, answered through the one runner.
import type { EffectiveDocument } from "~/features/content/effective/keys";
import { failed, refused, runAction, succeeded } from "~/platform/action-result.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { effectiveDateFormSchema, effectiveMessages } from "./schema";
import { stageEffectiveDate } from "./stage.server";

export async function runEffectiveDateAction(
  db: Database,
  actor: Person,
  form: Record<string, string | undefined>,
  documents: readonly EffectiveDocument[],
) {
  const intent = form.intent ?? "";
  const parsed = effectiveDateFormSchema.safeParse(form);
  if (!parsed.success) return refused(intent, parsed.error);
  if (!documents.includes(parsed.data.document)) return failed(intent, 400, effectiveMessages.unknownPage);
  return runAction(
    intent,
    async () => {
      const saved = await stageEffectiveDate(db, actor, parsed.data.document, parsed.data.effective_from);
      return { ...succeeded(intent), shortNotice: saved.shortNotice };
    },
    { log: "effective date write failed", message: effectiveMessages.failed },
  );
}
