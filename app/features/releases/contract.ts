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
}

/** The dashboard's drafting mode as every admin page shows it. */
export interface DraftingMode {
  release: { id: number; name: string } | null;
}

export const LIVE_MODE_LABEL = "Изменения сразу на сайте";
export const draftModeLabel = (name: string) => `Черновик: ${name}`;
