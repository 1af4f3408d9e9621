// The media library's shapes and checks, shared by its screen and its server.
import { z } from "zod";
import { isDerivedUpload } from "~/features/uploads/upload-url";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";

export { LIBRARY_PAGE_SIZE, libraryQuerySchema, type LibraryQuery } from "./query";

/** An upload's stored name (`uploads/<name>`): the site's own names only. */
export const fileNameSchema = z
  .string({ error: ruMedia.invalidName })
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/, ruMedia.invalidName)
  .refine((name) => !name.includes(".."), ruMedia.invalidName);

/** The responsive copies and the Open Graph crop of an image go with it, not as files of their own. */
export const isVariantName = isDerivedUpload;

/** Days a file must have been unused for "delete the long unused" to take it. */
export const LONG_UNUSED_DAYS = 30;

/** Where a new version of a file is posted (`?file=<name>`, the image as the body). */
export const MEDIA_REPLACE_PATH = "/admin/media/replace";

export const mediaIntents = {
  deleteFile: "delete-media-file",
  deleteLongUnused: "delete-long-unused-files",
  pickFile: "pick-media-file",
} as const;

/** Where an image field takes a file of the library (the form of mediaPickSchema). */
export const MEDIA_PICK_PATH = "/admin/media/pick";

export interface MediaPlace {
  /** The record's kind (`setting`, `content`, `landing-page`, …) and the key it is shown by. */
  kind: string;
  key: string;
  locale: string;
  /** The dashboard address that opens the place. */
  href: string;
  staged: boolean;
  release: { id: number; name: string; href: string } | null;
}

/** Who uploaded a file: an account (its name, or null when it was deleted), or `unknown` (found in the store). */
export interface Uploader {
  id: string;
  name: string | null;
}

export interface LibraryFile {
  name: string;
  path: string;
  type: string;
  size: number;
  /** Pixels of an image; null when unknown. */
  width: number | null;
  height: number | null;
  uploadedAt: string;
  uploader: Uploader | null;
  places: MediaPlace[];
  /** Alt text by locale, whether it is decorative, and its tags (the file's page). */
  alt: Record<string, string>;
  decorative: boolean;
  tags: string[];
  /** The version shown (its deletion and replacement send it back: 409 when another administrator changed it). */
  version: number;
}

/** The form of a file's deletion: its stored name, and the version the library showed. */
export const mediaDeleteSchema = z.object({
  file: fileNameSchema,
  version: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** A content value or setting (`page`, `section`) given a file of the library (`file`). */
export const mediaPickSchema = z.object({
  intent: z.literal(mediaIntents.pickFile),
  page: z
    .string()
    .regex(/^[a-z0-9_-]{1,50}$/)
    .default("global"),
  section: z.string().regex(/^[a-z0-9_]{1,50}$/),
  file: fileNameSchema,
});

/** Where the library's own uploads go: one file per request, its bytes as the body, `?name=` its name. */
export const LIBRARY_UPLOAD_PATH = "/admin/media/upload";
/** Files the screen sends side by side. */
export const LIBRARY_UPLOAD_PARALLEL = 3;

/** The name the browser gives a file being uploaded (a name only: no folder, no control characters). */
export const libraryUploadSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine(
      (name) =>
        ![...name].some((character) => "/\\".includes(character) || character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127),
    )
    .refine((name) => name !== "." && name !== ".."),
});

/** The answer to one library upload: the stored file, or the refusal's message (a Russian catalogue text). */
export interface LibraryUploadAnswer {
  file?: { name: string; path: string; type: string; size: number };
  message?: string;
  code?: string;
}
