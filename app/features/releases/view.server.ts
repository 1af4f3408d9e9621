import { localeApprovals } from "./locale-hashes.server";
import type { ContentRevisionRow, ReleaseRow } from "~/db/schema";
import { revisionView } from "~/features/history/revision-view.server";
import { readRecords } from "~/features/records/read.server";
import { latestVersions } from "~/features/records/revisions.server";
import type { Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { DraftingView, ReleaseChangeView, ReleaseDetail, ReleaseSummary } from "./contract";
import { readPolicies } from "./policies.server";
import { contentHash, getRelease, listChanges, listReleases, releaseAuthors, sharedKeys } from "./releases.server";
import { draftingRelease } from "./drafting.server";
import { formatInZone, instantToZoned } from "./time-zone";
import { effectiveStart, releaseEffectiveDate } from "./effective-schedule.server";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import { releaseDiscussion } from "./comments/comments.server";
import { mayEditLocale, roleAllows } from "~/features/access/matrix";
import { listSiteLocales } from "~/features/locales/locales.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import type { Person } from "~/platform/person";

/** A staged change as a revision-like row: the live value now against the staged one. */
const asRevision = (id: number, key: string, area: string, before: unknown, after: unknown, at: Date, by: string | null) =>
  ({
    id,
    key,
    area,
    action: "update",
    before,
    after,
    createdAt: at,
    userId: null,
    userEmail: by,
    groupId: null,
    locale: "en",
  }) satisfies ContentRevisionRow;

export async function releaseListView(db: Database, userId: string, language: AdminLanguage = "ru") {
  const timeZone = getEnv().SITE_TIME_ZONE;
  const rows = await listReleases(db);
  const shared = await sharedKeys(
    db,
    rows.map((row) => row.id),
  );
  const releases: ReleaseSummary[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: row.state,
    author: row.authorEmail,
    changes: Number(row.changes),
    sharedKeys: [...shared.keys()].filter((entry) => entry.startsWith(`${row.id}:`)).length,
    scheduledAt: row.scheduledAt ? formatInZone(row.scheduledAt, timeZone, language) : null,
    publishedAt: row.publishedAt ? formatInZone(row.publishedAt, timeZone, language) : null,
    failure: row.failureMessage,
  }));
  const drafting = await draftingRelease(db, userId);
  return { releases, policies: await readPolicies(db), draftingId: drafting?.id ?? null };
}

// long-function: assembles the release page's whole view in one place
export async function releaseDetailView(
  db: Database,
  release: ReleaseRow,
  viewer: Pick<Person, "id" | "role" | "locales">,
  language: AdminLanguage = "ru",
): Promise<ReleaseDetail> {
  const timeZone = getEnv().SITE_TIME_ZONE;
  const userId = viewer.id;
  const effectiveDate = await releaseEffectiveDate(db, release.id).catch(() => undefined);
  const [changes, shared, policies, authors, hash, drafting, discussion, locales, siteLocales] = await Promise.all([
    listChanges(db, release.id),
    sharedKeys(db, [release.id]),
    readPolicies(db),
    releaseAuthors(db, release),
    contentHash(db, release.id),
    draftingRelease(db, userId),
    releaseDiscussion(db, release, viewer),
    localeApprovals(db, release.id),
    listSiteLocales(db),
  ]);
  const keys = changes.map((change) => change.key);
  const [liveValues, versions] = await Promise.all([readRecords(db, keys), latestVersions(db, keys)]);
  const views: ReleaseChangeView[] = [];
  for (const change of changes) {
    const live = liveValues.get(change.key) ?? null;
    const version = versions[change.key] ?? 0;
    views.push({
      key: change.key,
      area: change.area,
      revision: revisionView(asRevision(change.id, change.key, change.area, live, change.staged, change.stagedAt, change.stagedByEmail)),
      conflict: version !== change.liveRevisionId,
      sharedWith: shared.get(`${release.id}:${change.key}`) ?? [],
    });
  }
  return {
    id: release.id,
    name: release.name,
    state: release.state,
    author: release.authorEmail,
    approvedBy: release.approvedByEmail,
    approvalValid: release.approvedById !== null && release.approvedHash === hash,
    localeApprovals:
      locales.length > 1
        ? locales.map((view) => ({ ...view, approvedAt: view.approvedAt && formatInZone(new Date(view.approvedAt), timeZone, language) }))
        : [],
    reviewComment: release.reviewComment,
    failure: release.failureMessage,
    scheduledAt: release.scheduledAt ? formatInZone(release.scheduledAt, timeZone, language) : null,
    publishedAt: release.publishedAt ? formatInZone(release.publishedAt, timeZone, language) : null,
    publishGroupId: release.publishGroupId,
    endsAt: release.endsAt ? formatInZone(release.endsAt, timeZone, language) : null,
    endsAtLocal: release.endsAt ? instantToZoned(release.endsAt, timeZone) : "",
    endedAt: release.endedAt ? formatInZone(release.endedAt, timeZone, language) : null,
    changes: views,
    fourEyes: policies.fourEyes,
    viewerIsAuthor: authors.has(userId),
    viewerMayReview: roleAllows(viewer.role, "releases.review"),
    viewerMay: {
      create: roleAllows(viewer.role, "releases.create"),
      publish: roleAllows(viewer.role, "releases.publish"),
      undo: roleAllows(viewer.role, "activity.view"),
    },
    discussion,
    // The languages its texts may be translated into here (the XLIFF card): the viewer's, not the default one.
    translationLocales:
      roleAllows(viewer.role, "releases.create") && roleAllows(viewer.role, "content.edit")
        ? siteLocales
            .filter((locale) => locale.code !== DEFAULT_LOCALE && mayEditLocale(viewer.role, viewer.locales, locale.code))
            .map((locale) => ({ code: locale.code, name: locale.name }))
        : [],
    drafting: drafting?.id === release.id,
    timeZone,
    // A release with an effective date is scheduled for the start of that date: the field offers it.
    defaultScheduleAt: instantToZoned(
      effectiveDate ? effectiveStart(effectiveDate, timeZone) : new Date(Date.now() + 60 * 60 * 1000),
      timeZone,
    ),
  };
}

/** The mode every dashboard tab shows, and the staged value of each key of the open release. */
export async function draftingView(db: Database, userId: string): Promise<DraftingView> {
  const release = await draftingRelease(db, userId);
  if (!release) return { release: null, staged: {} };
  const staged: DraftingView["staged"] = {};
  for (const change of await listChanges(db, release.id)) {
    const view = revisionView(asRevision(change.id, change.key, change.area, null, change.staged, change.stagedAt, null));
    staged[change.key] = { value: view.after, display: view.display };
  }
  return { release: { id: release.id, name: release.name }, staged };
}

export const loadRelease = getRelease;
