import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { requireMember } from "~/features/auth/permissions.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { MAX_UPLOAD_BYTES, storeUpload, UploadError, uploadMessages } from "~/features/uploads/storage.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.page-image";

const fail = (message: string, status: number) => Response.json({ message }, { status });

/**
 * POST /admin/page-image with an image as the raw body: the upload pipeline checks its bytes and
 * makes its WebP copies, and the address comes back for a block's image field (saved with the page).
 * DELETE only clears the field in the editor: the file stays, as earlier revisions may show it.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  if (request.method === "DELETE") return Response.json({ url: "" });
  if (request.method !== "POST") return fail("Method not allowed", 405);
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > MAX_UPLOAD_BYTES) return fail(uploadMessages.too_large, 413);
  if (!request.body) return fail(uploadMessages.empty, 400);
  const env = getEnv();
  const store = getUploadStore(env);
  try {
    const stored = await storeUpload(Readable.fromWeb(request.body as NodeReadableStream), {
      actor,
      dataDir: env.DATA_DIR,
      settingKey: "page_block",
      store,
      db: getDb(),
    });
    recordEventInBackground(getDb(), {
      kind: "uploads.create",
      area: "uploads",
      actor,
      target: "pages",
      details: { file: stored.fileName },
    });
    return Response.json({ url: stored.url });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ message: error.message, code: error.code }, { status: error.status });
    if (isRefusal(error)) return fail(error.message, error.status);
    logger.error({ err: error, storage: store.describe() }, "page image could not be stored");
    return fail(uploadMessages.storage_unavailable, 503);
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "uploads.create");
  return fail("Method not allowed", 405);
}
