import { z } from "zod";
import { feesKeys } from "~/features/content/catalogue/fees";
import { MAX_CONTENT_LENGTH } from "~/features/content/settings/schema";
import { versionField } from "~/features/records/schema";

const feeSections = new Set(feesKeys.map((entry) => entry.section));

export const feeMessages = {
  unknownField: "Unknown fees field",
  tooLong: "Content too long",
} as const;

/** One fees field's form: a key of the fees catalogue and its new text. */
export const feeUpdateSchema = z.object({
  section: z.string().refine((section) => feeSections.has(section), feeMessages.unknownField),
  value: z.string().max(MAX_CONTENT_LENGTH, feeMessages.tooLong),
  version: versionField,
});

export type FeeUpdate = z.infer<typeof feeUpdateSchema>;
