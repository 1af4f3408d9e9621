import { z } from "zod";

/** Uploads: at most 50 MB, and only these image types. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

export const uploadMessages = {
  too_large: "The file is too large. The maximum size is 50MB.",
  unsupported_type: "Unsupported file format. Please use JPG, PNG, GIF or WebP.",
  invalid_key: "Invalid setting key.",
  not_an_image_slot: "This content value does not hold an image.",
  empty: "The file is empty.",
  unreadable: "The image could not be read. Please upload a valid JPG, PNG, GIF or WebP file.",
  too_many_pixels: "The image is too large. The maximum is 50 megapixels.",
  check_failed: "Failed to check settings in the database.",
  store_failed: "The image was uploaded but could not be saved in settings.",
  remove_failed: "Failed to remove the image from settings.",
  storage_unavailable: "The image could not be stored right now. Please try again in a moment.",
  network: "Failed to upload the image. Please check your connection and try again.",
  upload_error: "Upload error",
  uploaded: "Image uploaded and saved",
  removed: "Image removed",
} as const;

/** Which content value an upload belongs to: the query of /admin/upload. */
export const uploadTargetSchema = z.object({
  page: z
    .string()
    .regex(/^[a-z0-9_-]{1,50}$/, uploadMessages.invalid_key)
    .default("global"),
  section: z.string().regex(/^[a-z0-9_]{1,50}$/, uploadMessages.invalid_key),
});

/** The browser's check before sending; the server decides again from the bytes. */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.too_large;
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return uploadMessages.unsupported_type;
  return null;
}
