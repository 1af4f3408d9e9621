/** The effective date's write on the legal pages' and the fees' tabs (the walks find intents in `*intents.ts`). */
export const SET_EFFECTIVE_DATE = "set-effective-date";
