/** Someone as every write names them: their account id, the e-mail it had then, and what they may do. */
export interface Person {
  id: string;
  email: string;
  /**
   * Their dashboard role (app/features/access/matrix.ts says what each allows); null: none, so
   * nothing is allowed. Features check it where they do the work.
   */
  role: string | null;
  /** The locales a translator may change; other roles ignore them. */
  locales?: readonly string[];
  /** The language their dashboard speaks ("ru", "en"): a refusal's message is in it (Russian when absent). */
  language?: string;
}

/** Who made a write: a person, or null for writes the server makes itself (a scheduled publish, a migration). */
export type Actor = Person | null;
