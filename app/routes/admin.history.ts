import { data } from "react-router";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { listDeleted, listInitializeGroups, restoreRevision } from "~/features/history/history.server";
import { refuseIntent, requireMember } from "~/features/auth/permissions.server";
import { undoGroup } from "~/features/history/revision-groups.server";
import { revisionView } from "~/features/history/revision-view.server";
import { latestVersions, listRevisions } from "~/features/records/revisions.server";
import { historyIntents, historyMessages, restoreRevisionSchema, revisionKeySchema, undoGroupSchema } from "~/features/history/schema";
import type { Route } from "./+types/admin.history";

/**
 * GET /admin/history?key=home/hero_title: one card's revisions, newest first, and its version.
 * Without a key: what can be brought back as a whole (deleted rows, Initialize All Content).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "content.edit");
  const headers = { "Cache-Control": "no-store" };
  const key = new URL(request.url).searchParams.get("key");
  if (key === null) {
    const db = getDb();
    const [deleted, groups] = await Promise.all([listDeleted(db), listInitializeGroups(db)]);
    return data({ ok: true, deleted: deleted.map(revisionView), groups }, { headers });
  }
  const parsed = revisionKeySchema.safeParse({ key });
  if (!parsed.success)
    return data({ ok: false, message: historyMessages.invalidRevision, revisions: [], version: 0 }, { status: 400, headers });
  const db = getDb();
  const [revisions, versions] = await Promise.all([listRevisions(db, parsed.data.key, 30), latestVersions(db, [parsed.data.key])]);
  return data({ ok: true, revisions: revisions.map(revisionView), version: versions[parsed.data.key] ?? 0 }, { headers });
}

/** Restores one revision of a card, or undoes a whole 'Initialize All Content'. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit");
  const form = await readForm(request);
  const intent = form.intent ?? "";
  // Undoing a whole group is the activity log's (a restore is checked by the record store).
  const refusal = refuseIntent(actor, intent, intent === historyIntents.undoGroup ? "activity.view" : undefined);
  if (refusal) return refusal;
  const db = getDb();
  return runAction(
    intent,
    async () => {
      switch (intent) {
        case historyIntents.restore: {
          const parsed = restoreRevisionSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error);
          if (!(await restoreRevision(db, parsed.data, actor))) return failed(intent, 404, historyMessages.notFound);
          return succeeded(intent);
        }
        case historyIntents.undoGroup: {
          const parsed = undoGroupSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error);
          if (!(await undoGroup(db, parsed.data.groupId, actor))) return failed(intent, 404, historyMessages.notFound);
          return succeeded(intent);
        }
        default:
          return failed(intent, 400, "Unknown action");
      }
    },
    {
      log: "history restore failed",
      message: (intent) => (intent === historyIntents.undoGroup ? historyMessages.undoFailed : historyMessages.restoreFailed),
    },
  );
}
