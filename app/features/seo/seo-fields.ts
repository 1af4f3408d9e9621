import { z } from "zod";
import { isImageUrl, isSafeUrl, urlRules } from "~/platform/safe-url";

export const seoMessages = {
  canonical: "Канонический адрес: путь от / или адрес https://",
  image: "Изображение: загрузите файл или укажите адрес https://",
  tooLong: "Слишком длинно",
} as const;

/** Lengths past which search engines cut the text: a warning in the editor, not a refusal. */
export const SEO_TITLE_WARN = 60;
export const SEO_DESCRIPTION_WARN = 160;

/** A page's own search and sharing fields; empty ones take the global settings' values. */
export const pageSeoSchema = z.object({
  title: z.string().trim().max(200, seoMessages.tooLong).default(""),
  description: z.string().trim().max(500, seoMessages.tooLong).default(""),
  canonical: z
    .string()
    .trim()
    .max(500, seoMessages.tooLong)
    .refine((value) => value === "" || isSafeUrl(value, urlRules.httpsOrPath), seoMessages.canonical)
    .default(""),
  ogImage: z
    .string()
    .trim()
    .max(500, seoMessages.tooLong)
    .refine((value) => value === "" || isImageUrl(value), seoMessages.image)
    .default(""),
  noindex: z.boolean().default(false),
});

export type PageSeoFields = z.infer<typeof pageSeoSchema>;

/** A page's fields as the public pages' loaders hand them to `meta`: `ogImageCropped` when `ogImage` is the server's 1200 × 630 crop. */
export type SharedSeoFields = PageSeoFields & { ogImageCropped?: boolean };

export const emptySeo: PageSeoFields = { title: "", description: "", canonical: "", ogImage: "", noindex: false };

/** Stored SEO fields as the site reads them: anything unreadable becomes empty (the defaults apply). */
export function readSeo(stored: unknown): PageSeoFields {
  const parsed = pageSeoSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...emptySeo };
}

/** Warnings for the editor: texts search results would cut short. */
export function seoWarnings(seo: Pick<PageSeoFields, "title" | "description">): { title?: string; description?: string } {
  return {
    title: seo.title.length > SEO_TITLE_WARN ? `Заголовок длиннее ${SEO_TITLE_WARN} символов: поиск обрежет его` : undefined,
    description:
      seo.description.length > SEO_DESCRIPTION_WARN ? `Описание длиннее ${SEO_DESCRIPTION_WARN} символов: поиск обрежет его` : undefined,
  };
}
