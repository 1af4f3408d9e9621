// The release lifecycle: one table of what each action does in each state. Every action, the
// scheduler and the dashboard read it; a state or an action that is not here does not happen.
export const RELEASE_STATES = ["draft", "in_review", "approved", "scheduled", "published", "failed", "cancelled"] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

export type ReleaseAction =
  | "stage" // a change staged, taken back or settled: an edit of the release
  | "open" // an administrator starts drafting into it
  | "submit"
  | "approve"
  | "send_back"
  | "schedule"
  | "unschedule"
  | "publish"
  | "fail" // a scheduled publish that could not be applied
  | "cancel";

/** Where an action leads from a state: a state, or `keep` (the state stays), or the edit rule. */
type Target = ReleaseState | "keep" | "edited" | "approved_or_draft";

/** What an open release that a schedule does not freeze allows (draft, in review, approved, failed). */
const reviewable: Partial<Record<ReleaseAction, Target>> = {
  stage: "edited",
  open: "keep",
  submit: "in_review",
  approve: "approved",
  send_back: "draft",
  schedule: "scheduled",
  publish: "published",
  fail: "failed",
  cancel: "cancelled",
};

export const releaseTransitions: Record<ReleaseState, Partial<Record<ReleaseAction, Target>>> = {
  draft: reviewable,
  in_review: reviewable,
  approved: reviewable,
  failed: reviewable,
  // Frozen for review: an edit or an unschedule opens it again.
  scheduled: {
    stage: "edited",
    open: "keep",
    submit: "in_review",
    schedule: "scheduled",
    unschedule: "approved_or_draft",
    publish: "published",
    fail: "failed",
    cancel: "cancelled",
  },
  published: {},
  cancelled: {},
};

/** Who may take an action beyond being an administrator: with `not_author`, no one who staged into the release. */
export const releaseGuards: Partial<Record<ReleaseAction, "not_author">> = { approve: "not_author", send_back: "not_author" };

/** Whether the action is possible in the state. */
export const allows = (state: ReleaseState, action: ReleaseAction) => releaseTransitions[state][action] !== undefined;

/**
 * The state after the action. An edit of an approved, scheduled or failed release sends it back
 * to draft (what is published is only ever what was approved); an unschedule keeps the approval
 * when it still holds.
 */
export function nextState(state: ReleaseState, action: ReleaseAction, approvalHolds = false): ReleaseState | undefined {
  const target = releaseTransitions[state][action];
  if (target === undefined) return undefined;
  if (target === "keep") return state;
  if (target === "edited") return state === "approved" || state === "scheduled" || state === "failed" ? "draft" : state;
  if (target === "approved_or_draft") return approvalHolds ? "approved" : "draft";
  return target;
}

/** States in which a release still takes staged changes (a scheduled one is unscheduled first). */
export const OPEN_RELEASE_STATES: readonly ReleaseState[] = RELEASE_STATES.filter((state) => allows(state, "stage"));
