// A file's page: what an administrator says about a file of the library (alt text and caption per
// locale, decorative, tags, focal point), its shapes and checks, shared by the page and its server.
import { z } from "zod";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import { isLocale } from "~/platform/record-key";
import type { MediaPlace } from "./library";

/** Characters of alt text in one locale (screen readers read it whole: keep it short). */
export const ALT_MAX = 250;
export const CAPTION_MAX = 500;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;

/** Markup: a tag's start or end, or an HTML entity (alt text is plain text; it is escaped where shown). */
const hasMarkup = (text: string) => /[<>]/.test(text) || /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i.test(text);
const hasControl = (text: string) => [...text].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127);

const plainText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !hasMarkup(text), ruMedia.file.markup)
    .refine((text) => !hasControl(text), ruMedia.file.markup);

const byLocale = (text: z.ZodType<string>) =>
  z
    .record(z.string().refine(isLocale), text)
    .transform((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));

export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(TAG_MAX, ruMedia.file.tagTooLong({ max: TAG_MAX }))
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, ruMedia.file.tagInvalid);

/** A point of the image, 0..1 from its left and top edges. */
export const focalSchema = z.object({
  x: z.number({ error: ruMedia.file.focalOutside }).min(0, ruMedia.file.focalOutside).max(1, ruMedia.file.focalOutside),
  y: z.number({ error: ruMedia.file.focalOutside }).min(0, ruMedia.file.focalOutside).max(1, ruMedia.file.focalOutside),
});
export type FocalPoint = z.infer<typeof focalSchema>;

/** The record's value (`media:<name>`), as stored, staged and kept in revisions. */
export const mediaInfoSchema = z.object({
  alt: byLocale(plainText(ALT_MAX, ruMedia.file.altTooLong({ max: ALT_MAX }))).default({}),
  decorative: z.boolean().default(false),
  caption: byLocale(plainText(CAPTION_MAX, ruMedia.file.captionTooLong({ max: CAPTION_MAX }))).default({}),
  tags: z
    .array(tagSchema)
    .max(TAGS_MAX, ruMedia.file.tooManyTags({ max: TAGS_MAX }))
    .transform((tags) => [...new Set(tags)].sort())
    .default([]),
  focal: focalSchema.nullable().default(null),
  /** The file's newer version, when it was replaced (media/replace.server.ts); the page links it. */
  replacedBy: z.string().nullable().default(null),
  /** Its earlier versions, newest first: each stays stored, and can be made current again. */
  previous: z.array(z.string()).max(100).default([]),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

export const emptyMediaInfo = (): MediaInfo => ({
  alt: {},
  decorative: false,
  caption: {},
  tags: [],
  focal: null,
  replacedBy: null,
  previous: [],
});

export const mediaFileIntents = { saveInfo: "save-media-info", restoreVersion: "restore-media-version" } as const;

/** A coordinate from the form: empty is none; anything else must be a number. */
const coordinate = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === "") return null;
    const value = Number(text);
    if (!Number.isFinite(value)) {
      context.addIssue({ code: "custom", message: ruMedia.file.focalOutside });
      return z.NEVER;
    }
    return value;
  });

const infoFormSchema = z.object({
  intent: z.literal(mediaFileIntents.saveInfo),
  version: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  focalX: coordinate.default(null),
  focalY: coordinate.default(null),
  tags: z.string().max(2000).default(""),
});

/**
 * The file page's form: `alt.<locale>` and `caption.<locale>` fields, `decorative` (`on`), the
 * tags separated by commas, the focal point's `focalX`/`focalY` (both or neither) and the version
 * the page was opened at. The info is checked by mediaInfoSchema.
 */
export function parseInfoForm(form: Record<string, string>) {
  const fields = infoFormSchema.safeParse(form);
  if (!fields.success) return fields;
  const alt: Record<string, string> = {};
  const caption: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (name.startsWith("alt.")) alt[name.slice(4)] = value;
    if (name.startsWith("caption.")) caption[name.slice(8)] = value;
  }
  const { focalX, focalY } = fields.data;
  const info = mediaInfoSchema.safeParse({
    alt,
    caption,
    decorative: form.decorative === "on" || form.decorative === "true",
    tags: fields.data.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    replacedBy: null,
    previous: [],
    // One coordinate without the other is outside the image.
    focal: focalX === null && focalY === null ? null : { x: focalX ?? Number.NaN, y: focalY ?? Number.NaN },
  });
  if (!info.success) return info;
  return { success: true as const, data: { version: fields.data.version, info: info.data } };
}

/** A file's deletion or replacement, or making an earlier version current again, from a page opened at `version`. */
export const fileVersionSchema = z.coerce.number().int().min(0).max(2_147_483_647).optional();

export const restoreVersionSchema = z.object({
  intent: z.literal(mediaFileIntents.restoreVersion),
  version: fileVersionSchema,
  file: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/),
});

/** The fixed-ratio crops the site makes of an image, previewed on its page. */
export const cropShapes = [
  { id: "openGraph", width: 1200, height: 630 },
  { id: "card", width: 4, height: 3 },
  { id: "square", width: 1, height: 1 },
] as const;

/** CSS `object-position` of a focal point (the centre without one). */
export const objectPositionOf = (focal: FocalPoint | null | undefined) =>
  focal ? `${Math.round(focal.x * 1000) / 10}% ${Math.round(focal.y * 1000) / 10}%` : undefined;

/** A file's page as its loader answers it. */
export interface MediaFileView {
  name: string;
  path: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Null: the file was found in the store (uploaded before the catalogue kept who and when). */
  uploader: { id: string; name: string | null } | null;
  uploadedAt: string | null;
  places: MediaPlace[];
  info: MediaInfo;
  /** The version the page is opened at (sent back by its form). */
  version: number;
  locales: string[];
  defaultLocale: string;
}
