// What a public page hands its components of the effective dates (no server code): every text is
// the server's, in the page's locale, so the browser's bundle carries none of them.
import type { EffectiveDocument } from "~/features/content/effective/keys";

/**
 * What a legal page or the fees shows of its effective dates, as the server's HTML (escaped there):
 * kept out of the public pages' JavaScript, which only places it (js-budget).
 */
export interface DocumentNotesHtml {
  /** "Effective from <date>" and the coming version's announcement with its link; null: neither. */
  top: string | null;
  /** "Previous versions", each linked to the archive's copy; null: none. */
  versions: string | null;
}

/** The coming version's banner over its page, with the link back to the current version (HTML). */
export interface ComingFrame {
  banner: string;
}

export type { EffectiveDocument };

/** What the legal pages' and the fees' editors show of the effective dates. */
export interface EffectiveEditorState {
  /** The administrator drafts a release: the field is shown. */
  drafting: boolean;
  /** Each page's date as the release leaves it (empty: none), and the live one. */
  staged: Partial<Record<EffectiveDocument, string>>;
  live: Partial<Record<EffectiveDocument, string>>;
  shortNotice: Partial<Record<EffectiveDocument, boolean>>;
  noticeMonths: number;
  /** The first date the field accepts (tomorrow in the site's time zone). */
  min: string;
}

/** A saved effective date's answer: whether its notice is shorter than the configured period. */
export interface EffectiveSaved {
  ok: true;
  intent: string;
  shortNotice: boolean;
}
