import type { RevisionView } from "~/features/history/schema";

/**
 * Releases: what routes, components and the preview share (no server code). A staged change
 * names its key exactly as a revision does: `page/section` for a page content row,
 * `menu:<id>` for a menu item.
 */
import type { ReleaseState } from "./lifecycle";
import type { ReleaseDiscussion } from "./comments/contract";

export { OPEN_RELEASE_STATES, RELEASE_STATES, type ReleaseState } from "./lifecycle";

export const RELEASES_PATH = "/admin/other/releases";
export const releasePath = (id: number) => `${RELEASES_PATH}/${id}`;
/** Where a release's texts for one locale download as XLIFF 2.0 (`?locale=de`). */
export const releaseXliffPath = (id: number) => `${releasePath(id)}/texts.xlf`;

/** The dashboard's drafting mode as every admin page shows it. */
export interface DraftingMode {
  release: { id: number; name: string } | null;
}

/** One release in the list. */
export interface ReleaseSummary {
  id: number;
  name: string;
  state: ReleaseState;
  author: string | null;
  changes: number;
  /** How many of its keys another open release stages too. */
  sharedKeys: number;
  scheduledAt: string | null;
  publishedAt: string | null;
  failure: string | null;
}

/** A revision-shaped view of one staged change (see the history feature's RevisionView). */
export interface ReleaseChangeView {
  key: string;
  area: string;
  revision: RevisionView;
  /** The live value changed since it was staged. */
  conflict: boolean;
  /** Names of other open releases that stage this key too. */
  sharedWith: string[];
}

export interface ReleaseDetail {
  id: number;
  name: string;
  state: ReleaseState;
  author: string | null;
  approvedBy: string | null;
  approvalValid: boolean;
  /** With changes in more than one locale: each locale's approval (four eyes per locale). */
  localeApprovals: { locale: string; approvedBy: string | null; approvedAt: string | null }[];
  reviewComment: string | null;
  failure: string | null;
  scheduledAt: string | null;
  publishedAt: string | null;
  publishGroupId: string | null;
  /** Its end time as shown, and as its datetime-local field holds it (empty: none). */
  endsAt: string | null;
  endsAtLocal: string;
  /** When its changes were reverted at the end time, as shown; null: not yet. */
  endedAt: string | null;
  changes: ReleaseChangeView[];
  fourEyes: boolean;
  viewerIsAuthor: boolean;
  /** The viewer's role may approve or send back (releases.review). */
  viewerMayReview: boolean;
  /** What else the viewer's role allows here: draft and submit (releases.create), publish, schedule and cancel (releases.publish), undo a publish (activity.view). */
  viewerMay: { create: boolean; publish: boolean; undo: boolean };
  /** The release's thread and one per staged change (comments/contract.ts). */
  discussion: ReleaseDiscussion;
  /** The site's languages the viewer may translate the release's texts into (its XLIFF card); none: no card. */
  translationLocales: { code: string; name: string }[];
  drafting: boolean;
  timeZone: string;
  defaultScheduleAt: string;
}

export interface DraftingView {
  release: { id: number; name: string } | null;
  /** key -> the staged value as text (null: deleted) and how to show it. */
  staged: Record<string, { value: string | null; display: "text" | "image" | "html" | "menu" }>;
}
