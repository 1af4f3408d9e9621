import { z } from "zod";

export const recordMessages = {
  invalidVersion: "Неверная версия",
} as const;

/**
 * The version an editor was opened with (the id of the record's newest revision, 0 for none).
 * Absent or empty means an overwrite the sender chose, so it is not checked.
 */
export const versionField = z.preprocess(
  (value) => (value === "" || value === undefined || value === null ? undefined : value),
  z.coerce
    .number({ message: recordMessages.invalidVersion })
    .int(recordMessages.invalidVersion)
    .min(0, recordMessages.invalidVersion)
    .optional(),
);
