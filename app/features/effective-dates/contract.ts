// What a public page hands its components of the effective dates (no server code): every text is
// the server's, in the page's locale, so the browser's bundle carries none of them.
import type { EffectiveDocument } from "~/features/content/effective/keys";

export interface DocumentNotes {
  /** "Effective from <date>", once a dated change has taken effect. */
  effectiveFrom: string | null;
  /** The coming version announced, with its link. */
  coming: { text: string; linkText: string; href: string } | null;
  /** The earlier versions from the archive, newest first. */
  versions: { title: string; items: { href: string; label: string }[] } | null;
}

/** The coming version's page frame: its banner and the way back to the current version. */
export interface ComingFrame {
  banner: string;
  current: { href: string; text: string };
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
