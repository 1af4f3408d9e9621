// The effective date's form (the legal pages' and the fees' tabs) and the public routes' addresses,
// checked before anything is read. Non-server: the editors post the same names.
import { z } from "zod";
import { effective } from "~/features/admin-i18n/catalogue/ru/effective";
import { effectiveDocuments, parseEffectiveDate } from "~/features/content/effective/keys";
import { VERSION_FILE } from "./addresses";
import { SET_EFFECTIVE_DATE } from "./intents";

export const effectiveMessages = effective.answers;

export { SET_EFFECTIVE_DATE } from "./intents";

/** Empty: the release carries no effective date for the page (its live one stays). */
const effectiveDateField = z
  .string({ error: effectiveMessages.invalid })
  .max(10, effectiveMessages.invalid)
  .refine((text) => text === "" || parseEffectiveDate(text) !== undefined, effectiveMessages.invalid);

export const effectiveDateFormSchema = z.object({
  intent: z.literal(SET_EFFECTIVE_DATE),
  document: z.enum(effectiveDocuments, { error: effectiveMessages.unknownPage }),
  effective_from: effectiveDateField,
});

export type EffectiveDateForm = z.infer<typeof effectiveDateFormSchema>;

/** An archived version's address: `/terms/versions/<archive entry>.html`. */
export const versionParamsSchema = z.object({
  version: z
    .string()
    .regex(VERSION_FILE)
    .transform((file) => Number(VERSION_FILE.exec(file)![1]))
    .refine((entry) => entry <= 2147483647),
});
