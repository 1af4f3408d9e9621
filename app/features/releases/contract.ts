import type { RevisionView } from "~/features/history/schema";

/**
 * Releases: what routes, components and the preview share (no server code). A staged change
 * names its key exactly as a revision does: `page/section` for a page content row,
 * `menu:<id>` for a menu item.
 */
export const RELEASE_STATES = ["draft", "in_review", "approved", "scheduled", "publishing", "published", "failed", "cancelled"] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** States in which a release still takes staged changes (a scheduled one is unscheduled first). */
export const OPEN_RELEASE_STATES: readonly ReleaseState[] = ["draft", "in_review", "approved", "scheduled", "failed"];

export const releaseStateLabels: Record<ReleaseState, string> = {
  draft: "Черновик",
  in_review: "На проверке",
  approved: "Одобрен",
  scheduled: "Запланирован",
  publishing: "Публикуется",
  published: "Опубликован",
  failed: "Ошибка публикации",
  cancelled: "Отменён",
};

export const RELEASES_PATH = "/admin/other/releases";
export const releasePath = (id: number) => `${RELEASES_PATH}/${id}`;

/** A page content row as a release stages it (same shape as a revision's snapshot). */
export interface StagedContent {
  pageName: string;
  sectionName: string;
  contentType: "text" | "image" | "url" | "rich_text";
  contentValue: string;
  richContent: unknown;
  pageUrl: string | null;
}

/** A menu item as a release stages it (same shape as a revision's snapshot). */
export interface StagedMenuItem {
  id: number;
  displayName: string;
  url: string;
  menuType: "header" | "footer";
  sortOrder: number;
  sectionName: string;
  isActive: boolean;
}

/**
 * A release's staged values, for overlaying on live content: a key absent from a map keeps
 * its live value; a key mapped to null is deleted by the release.
 */
export interface ReleaseOverlay {
  releaseId: number;
  name: string;
  /** `page/section` -> staged row or null (deleted). */
  content: Map<string, StagedContent | null>;
  /** menu item id -> staged item or null (deleted); new items have ids no live item has. */
  menu: Map<number, StagedMenuItem | null>;
  /** `page:<id>` / `redirect:<id>` -> staged record or null (deleted), as the pages feature records them. */
  records?: Map<string, unknown>;
}

/** The dashboard's drafting mode as every admin page shows it. */
export interface DraftingMode {
  release: { id: number; name: string } | null;
}

export const LIVE_MODE_LABEL = "Изменения сразу на сайте";
export const draftModeLabel = (name: string) => `Черновик: ${name}`;

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
  reviewComment: string | null;
  failure: string | null;
  scheduledAt: string | null;
  publishedAt: string | null;
  publishGroupId: string | null;
  changes: ReleaseChangeView[];
  fourEyes: boolean;
  viewerIsAuthor: boolean;
  drafting: boolean;
  timeZone: string;
  defaultScheduleAt: string;
}

export interface DraftingView {
  release: { id: number; name: string } | null;
  /** key -> the staged value as text (null: deleted) and how to show it. */
  staged: Record<string, { value: string | null; display: "text" | "image" | "html" | "menu" }>;
}
