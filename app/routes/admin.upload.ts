import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/lib/permissions.server";
import { upsertContentValue } from "~/lib/settings.server";
import {
  isValidSettingKey,
  MAX_UPLOAD_BYTES,
  storeUpload,
  UploadError,
  uploadMessages,
} from "~/lib/storage.server";
import type { Route } from "./+types/admin.upload";

/**
 * POST /admin/upload?section=header_logo_url[&page=global] with the image as the raw request
 * body stores it and points that content value at it (creating the row when absent);
 * DELETE with the same query clears the value so the site falls back to its default.
 * `key` is accepted as another name for `section`.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const query = new URL(request.url).searchParams;
  const key = query.get("section") ?? query.get("key") ?? "";
  const page = query.get("page") ?? "global";
  if (!isValidSettingKey(key) || !isValidSettingKey(page.replace("-", "_"))) {
    return Response.json({ message: uploadMessages.invalid_key }, { status: 400 });
  }
  const db = getDb();
  if (request.method === "DELETE") {
    await upsertContentValue(db, { page, section: key, value: "" });
    return Response.json({ url: "" });
  }
  if (request.method !== "POST") return Response.json({ message: "Method not allowed" }, { status: 405 });

  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > MAX_UPLOAD_BYTES) {
    return Response.json({ message: uploadMessages.too_large }, { status: 413 });
  }
  if (!request.body) return Response.json({ message: uploadMessages.empty }, { status: 400 });
  try {
    const stored = await storeUpload(Readable.fromWeb(request.body as NodeReadableStream), {
      dataDir: getEnv().DATA_DIR,
      settingKey: key,
    });
    await upsertContentValue(db, { page, section: key, value: stored.url });
    logger.info({ key, file: stored.fileName, size: stored.size }, "image uploaded");
    return Response.json({ url: stored.url });
  } catch (error) {
    if (error instanceof UploadError) {
      return Response.json({ message: error.message, code: error.code }, { status: error.status });
    }
    throw error;
  }
}

export function loader() {
  return Response.json({ message: "Method not allowed" }, { status: 405 });
}
