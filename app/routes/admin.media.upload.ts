import { Readable } from "node:stream";
import { messagesOf } from "~/features/admin-i18n/messages";
import { requireMember } from "~/features/auth/permissions.server";
import { checkLibraryUpload, uploadToLibrary } from "~/features/media/upload.server";
import { MAX_UPLOAD_BYTES } from "~/features/uploads/schema";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { bodyReadable } from "~/platform/read-form.server";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/admin.media.upload";

const fail = (message: string, status: number, code?: string) => Response.json(code ? { message, code } : { message }, { status });

/**
 * POST /admin/media/upload?name=<the file's name> with one file as the raw body stores it into the
 * media library (checked by its bytes, catalogued with the uploader, logged) and answers
 * `{ file }`, or `{ message, code? }` with the refusal's status (the message a Russian catalogue
 * text). The dashboard sends several files as several requests, a few at a time.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireMember(request, "uploads.create");
  if (request.method !== "POST") return fail("Method not allowed", 405);
  try {
    const name = checkLibraryUpload(
      { name: url.searchParams.get("name") },
      Number(request.headers.get("content-length") ?? "0"),
      MAX_UPLOAD_BYTES,
    );
    const env = getEnv();
    // No body at all is an empty file, refused as one.
    const source = request.body ? bodyReadable(request.body) : Readable.from([]);
    const file = await uploadToLibrary(getDb(), getUploadStore(env), actor, source, { name, dataDir: env.DATA_DIR });
    logger.info({ file: file.name, size: file.size }, "file uploaded to the media library");
    return Response.json({ file });
  } catch (error) {
    if (isRefusal(error)) return fail(error.message, error.status, error.options.details?.code as string | undefined);
    logger.error({ err: error }, "library upload failed");
    return fail(messagesOf("ru").common.unexpected, 500);
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "uploads.create");
  return fail("Method not allowed", 405);
}
