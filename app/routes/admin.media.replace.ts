import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { requireMember } from "~/features/auth/permissions.server";
import { fileNameSchema } from "~/features/media/library";
import { fileVersionSchema } from "~/features/media/info";
import { replaceMediaFile } from "~/features/media/replace.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { MAX_UPLOAD_BYTES, UploadError, uploadMessages } from "~/features/uploads/storage.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { isRefusal } from "~/platform/refusal";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import type { Route } from "./+types/admin.media.replace";

const fail = (message: string, status: number) => Response.json({ message }, { status });

/**
 * POST /admin/media/replace?file=<name> with the new version as the raw body: stored and checked
 * like every upload, then every record that shows the file is given the new one (live, or into the
 * administrator's release) in one group write (app/features/media/replace.server.ts).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  if (request.method !== "POST") return fail("Method not allowed", 405);
  const name = fileNameSchema.safeParse(url.searchParams.get("file") ?? "");
  if (!name.success) return fail(ruMedia.invalidName, 400);
  // The version the library showed (optional): a file changed since is refused with 409.
  const version = fileVersionSchema.safeParse(url.searchParams.get("version") ?? undefined);
  if (!version.success) return fail(ruMedia.file.invalid, 400);
  if (Number(request.headers.get("content-length") ?? "0") > MAX_UPLOAD_BYTES) return fail(uploadMessages.too_large, 413);
  if (!request.body) return fail(uploadMessages.empty, 400);
  const store = getUploadStore(getEnv());
  try {
    const replaced = await replaceMediaFile(
      getDb(),
      store,
      actor,
      name.data,
      Readable.fromWeb(request.body as NodeReadableStream),
      getEnv().DATA_DIR,
      version.data,
    );
    return Response.json({ ok: true, ...replaced });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ message: error.message, code: error.code }, { status: error.status });
    if (isRefusal(error)) return fail(error.message, error.status);
    logger.error({ err: error, storage: store.describe() }, "media file could not be replaced");
    return fail(ruMedia.replaceFailed, 500);
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "uploads.create");
  return fail("Method not allowed", 405);
}
