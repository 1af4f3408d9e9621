import { getDb } from "~/platform/db.server";
import { holdsImage } from "~/features/content/image-slot.server";
import { getEnv } from "~/platform/env.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { logger } from "~/platform/logger.server";
import { bodyReadable } from "~/platform/read-form.server";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { requireMember } from "~/features/auth/permissions.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { MAX_UPLOAD_BYTES, removeUpload, storeUpload, UploadError, uploadMessages } from "~/features/uploads/storage.server";
import { uploadTargetSchema } from "~/features/uploads/schema";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.upload";

const fail = (message: string, status: number) => Response.json({ message }, { status });

/**
 * POST /admin/upload?section=header_logo_url[&page=global] with the image as the raw request
 * body stores it and points that content value at it (creating the row when absent);
 * DELETE with the same query clears the value so the site falls back to its default.
 * `key` is accepted as another name for `section`.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  const query = url.searchParams;
  const target = uploadTargetSchema.safeParse({
    page: query.get("page") ?? undefined,
    section: query.get("section") ?? query.get("key") ?? "",
  });
  if (!target.success) return fail(uploadMessages.invalid_key, 400);
  const { page, section } = target.data;
  if (request.method !== "POST" && request.method !== "DELETE") return fail("Method not allowed", 405);

  const db = getDb();
  let isImageSlot: boolean;
  try {
    isImageSlot = await holdsImage(db, page, section);
  } catch (error) {
    logger.error({ err: error, page, section }, "upload target check failed");
    return fail(uploadMessages.check_failed, 500);
  }
  if (!isImageSlot) return fail(uploadMessages.not_an_image_slot, 400);

  if (request.method === "DELETE") {
    try {
      await upsertContentValue(db, { page, section, value: "", type: "image", actor });
    } catch (error) {
      if (isRefusal(error)) return fail(error.message, error.status);
      logger.error({ err: error, page, section }, "image removal failed");
      return fail(uploadMessages.remove_failed, 500);
    }
    return Response.json({ url: "" });
  }

  // A declared size over the limit is refused before a byte of the body is read.
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > MAX_UPLOAD_BYTES) return fail(uploadMessages.too_large, 413);
  if (!request.body) return fail(uploadMessages.empty, 400);
  const env = getEnv();
  const store = getUploadStore(env);
  let stored;
  try {
    stored = await storeUpload(bodyReadable(request.body), { actor, dataDir: env.DATA_DIR, settingKey: section, store, db });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ message: error.message, code: error.code }, { status: error.status });
    if (isRefusal(error)) return fail(error.message, error.status);
    // The checks passed but the storage (disk or bucket) refused it: nothing was kept, no row written.
    logger.error({ err: error, page, section, storage: store.describe() }, "upload could not be stored");
    return fail(uploadMessages.storage_unavailable, 503);
  }
  try {
    await upsertContentValue(db, { page, section, value: stored.url, type: "image", actor });
    recordEventInBackground(db, {
      kind: "uploads.create",
      area: "uploads",
      actor,
      target: `${page}/${section}`,
      details: { file: stored.fileName },
    });
  } catch (error) {
    logger.error({ err: error, page, section }, "uploaded image could not be saved in settings");
    // No row points at it: the upload and its copies go again, so nothing is half-stored.
    await removeUpload(actor, store, stored.fileName, db).catch((removal: unknown) =>
      logger.error({ err: removal, file: stored.fileName }, "stored upload could not be removed"),
    );
    return isRefusal(error) ? fail(error.message, error.status) : fail(uploadMessages.store_failed, 500);
  }
  logger.info({ page, section, file: stored.fileName, size: stored.size }, "image uploaded");
  return Response.json({ url: stored.url });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "uploads.create");
  return fail("Method not allowed", 405);
}
