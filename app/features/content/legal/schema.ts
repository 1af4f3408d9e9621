import { z } from "zod";
import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import { legalPageNames } from "~/features/content/catalogue/types";
import { MAX_CONTENT_LENGTH } from "~/features/content/settings/schema";
import { versionField } from "~/features/records/schema";

/** The editor's Delta is kept beside the HTML; bounded so a row stays a sensible size. */
export const MAX_RICH_CONTENT_LENGTH = 1_000_000;

export const legalMessages = {
  unknownPage: "Неизвестная юридическая страница",
  section: "Раздел должен называться page_content",
  tooLong: `Текст страницы слишком длинный: не более ${MAX_CONTENT_LENGTH} символов`,
  richTooLong: `Данные редактора слишком большие: не более ${MAX_RICH_CONTENT_LENGTH} символов`,
  richInvalid: "Данные редактора повреждены: ожидается Delta в формате JSON",
} as const;

const attributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A Quill document Delta: a list of inserts of text or embeds, with optional formats. */
export const deltaSchema = z.object({
  ops: z
    .array(
      z.strictObject({
        insert: z.union([z.string(), z.record(z.string(), attributeValue)]),
        attributes: z.record(z.string(), attributeValue).optional(),
      }),
    )
    .max(100_000),
});

export type Delta = z.infer<typeof deltaSchema>;

const richContent = z
  .string()
  .max(MAX_RICH_CONTENT_LENGTH, legalMessages.richTooLong)
  .transform((text, context): Delta => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const delta = deltaSchema.safeParse(json);
    if (!delta.success) {
      context.addIssue({ code: "custom", message: legalMessages.richInvalid });
      return z.NEVER;
    }
    return delta.data;
  });

/** Saving one legal page: page and section checked with the content. */
export const legalSaveSchema = z.object({
  page_name: z.enum(legalPageNames, { message: legalMessages.unknownPage }),
  section_name: z.literal(LEGAL_SECTION, { message: legalMessages.section }),
  content: z.string().max(MAX_CONTENT_LENGTH, legalMessages.tooLong),
  rich_content: richContent,
  version: versionField,
});

export type LegalSave = z.infer<typeof legalSaveSchema>;

/** The first problem of a failed parse, shown after 'Ошибка валидации'. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}
