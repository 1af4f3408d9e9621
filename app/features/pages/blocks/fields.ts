import { z } from "zod";
import { isImageUrl, isSafeUrl, urlRules } from "~/platform/safe-url";

/** The editor's messages for block fields, shown next to the field. */
export const blockMessages = {
  required: "Заполните поле",
  tooLong: "Слишком длинный текст",
  link: "Ссылка должна начинаться с / или https://",
  altRequired: "Опишите изображение или отметьте его как декоративное",
  image: "Неверный адрес изображения",
  items: "Слишком много элементов",
  itemsFew: "Нужен хотя бы один элемент",
} as const;

export const text = (max: number) => z.string().trim().min(1, blockMessages.required).max(max, blockMessages.tooLong);
export const optionalText = (max: number) => z.string().trim().max(max, blockMessages.tooLong);

/** A link a button follows: a path of this site, a page reference (`page:12`) or an http(s) address. */
export const link = z
  .string()
  .trim()
  .min(1, blockMessages.required)
  .max(500, blockMessages.tooLong)
  .refine((value) => isSafeUrl(value, urlRules.linkOrPage), blockMessages.link);

/**
 * An image from the upload pipeline (`/uploads/…`) or empty for none; its text alternative is
 * required unless the image is marked decorative (then it is hidden from screen readers).
 */
export const image = z
  .object({
    src: z
      .string()
      .trim()
      .max(500, blockMessages.tooLong)
      .refine((value) => value === "" || isImageUrl(value), blockMessages.image),
    alt: optionalText(200),
    decorative: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.src !== "" && !value.decorative && value.alt === "") {
      context.addIssue({ code: "custom", path: ["alt"], message: blockMessages.altRequired });
    }
  });

export type BlockImage = z.infer<typeof image>;
export const noImage: BlockImage = { src: "", alt: "", decorative: false };
