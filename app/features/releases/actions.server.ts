import { approveLocale } from "./locale-approvals.server";
import { redirect } from "react-router";
import type { z } from "zod";
import { recordEvent } from "~/features/activity/activity.server";
import { failed, succeeded } from "~/platform/action-result.server";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { getEnv } from "~/platform/env.server";
import { releasePath } from "./contract";
import { releaseMessages } from "./messages";
import { FOUR_EYES, RELEASES_ONLY, setPolicy } from "./policies.server";
import { publishRelease, resolveConflict } from "./publish.server";
import { createRelease, reviewRelease, scheduleRelease, setDrafting } from "./releases.server";
import { releaseIntents, type releaseListFormSchema, type releasePageFormSchema } from "./schema";
import { zonedToInstant } from "./time-zone";
import { setReleaseEnd } from "./end.server";
import { addComment, resolveThread } from "./comments/comments.server";
import { requirePermission } from "~/features/access/require.server";
import { importReleaseXliff } from "./xliff.server";

type Admin = Person;

/** The releases list's writes: create (and open) a release, open one, go back to live, set the policies. */
export async function runListAction(db: Database, admin: Admin, form: z.infer<typeof releaseListFormSchema>) {
  switch (form.intent) {
    case releaseIntents.create: {
      const release = await createRelease(db, form.name, admin);
      await setDrafting(db, admin, release.id);
      return redirect(releasePath(release.id));
    }
    case releaseIntents.open:
      await setDrafting(db, admin, form.releaseId);
      return succeeded(form.intent);
    case releaseIntents.goLive:
      await setDrafting(db, admin, null);
      return succeeded(form.intent);
    case releaseIntents.policies:
      requirePermission(admin, "releases.policy");
      await db.transaction(async (transaction) => {
        await setPolicy(transaction, FOUR_EYES, form.fourEyes);
        await setPolicy(transaction, RELEASES_ONLY, form.releasesOnly);
        await recordEvent(transaction, {
          kind: "release.policies",
          area: "releases",
          actor: admin,
          target: null,
          details: { fourEyes: form.fourEyes, releasesOnly: form.releasesOnly },
        });
      });
      return succeeded(form.intent);
  }
}

/** One release's writes. */
export async function runReleaseAction(db: Database, admin: Admin, releaseId: number, form: z.infer<typeof releasePageFormSchema>) {
  switch (form.intent) {
    case releaseIntents.open:
      await setDrafting(db, admin, releaseId);
      break;
    case releaseIntents.goLive:
      await setDrafting(db, admin, null);
      break;
    case releaseIntents.submit:
    case releaseIntents.unschedule:
    case releaseIntents.cancel: {
      const step = form.intent === releaseIntents.submit ? "submit" : form.intent === releaseIntents.cancel ? "cancel" : "unschedule";
      await reviewRelease(db, releaseId, step, admin);
      break;
    }
    case releaseIntents.approve:
    case releaseIntents.sendBack:
      await reviewRelease(db, releaseId, form.intent === releaseIntents.approve ? "approve" : "send_back", admin, form.comment);
      break;
    case releaseIntents.approveLocale:
      await approveLocale(db, releaseId, form.locale, admin);
      break;
    case releaseIntents.schedule: {
      const at = zonedToInstant(form.at, getEnv().SITE_TIME_ZONE);
      if (!at) return failed(form.intent, 400, releaseMessages.invalidDate);
      if (at.getTime() <= Date.now()) return failed(form.intent, 400, releaseMessages.pastDate);
      await scheduleRelease(db, releaseId, at, admin);
      break;
    }
    case releaseIntents.setEnd: {
      const endsAt = form.endsAt === "" ? null : zonedToInstant(form.endsAt, getEnv().SITE_TIME_ZONE);
      if (endsAt === undefined) return failed(form.intent, 400, releaseMessages.invalidDate);
      await setReleaseEnd(db, releaseId, endsAt, admin);
      break;
    }
    case releaseIntents.publish:
      await publishRelease(db, releaseId, admin);
      break;
    case releaseIntents.resolve:
      await resolveConflict(db, releaseId, form.key, form.choice, admin);
      break;
    case releaseIntents.comment:
      await addComment(db, releaseId, admin, { changeKey: form.changeKey ?? undefined, comment: form.comment });
      break;
    case releaseIntents.resolveThread:
      await resolveThread(db, releaseId, admin, form.changeKey);
      break;
    case releaseIntents.importXliff:
      return { ...succeeded(form.intent), changed: await importReleaseXliff(db, releaseId, form.locale, form.xliff, admin) };
  }
  return succeeded(form.intent);
}
