// Texts of other features that are translated beside the content keys (the fixed pages' SEO
// titles and descriptions): each registers a part here (app/record-kinds.server.ts), and the
// locale's completeness figure and its XLIFF file take them in, without this feature knowing them.
import type { PlannedChange, WriteContext } from "~/features/records/write.server";
import type { Database } from "~/platform/db.server";

export interface TranslationPartCounts {
  /** Texts with the locale's own value. */
  complete: number;
  /** Texts that have something to translate. */
  total: number;
  /** Own texts whose source changed after they were saved. */
  stale: number;
}

/** One unit of the part in a locale's XLIFF file: its source, and its target where the locale has its own. */
export interface TranslationPartUnit {
  id: string;
  name: string;
  stale: boolean;
  source: string;
  target?: string;
}

export interface TranslationPart<State = unknown, Wanted = unknown> {
  name: string;
  /** What the part's texts are in the locale (read once per figure, export or import). */
  read(db: Database, code: string): Promise<State>;
  counts(state: State): TranslationPartCounts;
  units(state: State): TranslationPartUnit[];
  /** Whether a unit's id is one of this part's (its own or not, it is then answered by `check`). */
  owns(id: string): boolean;
  /** A unit's target as the part stores it, the message that refuses it, or undefined for an unknown id. */
  check(state: State, id: string, target: string): { wanted: Wanted } | { problem: string } | undefined;
  /** The changes the wanted texts make (an unchanged fallback is no change), inside the import's write. */
  plan(context: WriteContext, code: string, state: State, wanted: Wanted[]): Promise<PlannedChange[]>;
}

const parts = new Map<string, TranslationPart>();

/** Registers a part; the same name again replaces it (module reloads in development). */
export function registerTranslationPart<State, Wanted>(part: TranslationPart<State, Wanted>) {
  parts.set(part.name, part as unknown as TranslationPart);
}

export const translationParts = (): TranslationPart[] => [...parts.values()];
