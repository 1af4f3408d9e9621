// Release comments as the dashboard shows them (no server code): a thread per staged change,
// keyed by its record key, and the release's own thread (key null).

export interface ReleaseCommentView {
  id: number;
  kind: "comment" | "send_back";
  /** Plain text, shown as text (never as markup). */
  body: string;
  by: string;
  /** ISO time. */
  at: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
}

export interface ReleaseThreadView {
  /** The staged change's key; null: the release's own thread. */
  changeKey: string | null;
  /** Unresolved comments, oldest first. */
  open: ReleaseCommentView[];
  /** Resolved comments, folded away until asked for. */
  resolved: ReleaseCommentView[];
}

export interface ReleaseDiscussion {
  threads: ReleaseThreadView[];
  /** Whether the viewer's role may comment (and resolve). */
  canComment: boolean;
  /** Whether the release still takes comments (not published or cancelled). */
  open: boolean;
}

/** The thread of a change (or of the release, for null); an empty one when nobody wrote yet. */
export const threadOf = (discussion: ReleaseDiscussion, changeKey: string | null): ReleaseThreadView =>
  discussion.threads.find((thread) => thread.changeKey === changeKey) ?? { changeKey, open: [], resolved: [] };
