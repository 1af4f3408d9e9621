// An image field given a file already in the library instead of a new upload: the field's value
// becomes the file's address through the record store (live, or into the administrator's
// release), so the usage index, the history and the caches follow as for any save.
import { eq } from "drizzle-orm";
import { mediaFiles } from "~/db/schema";
import { requirePermission } from "~/features/access/require.server";
import { media as ruMedia } from "~/features/admin-i18n/catalogue/ru/media";
import { holdsImage } from "~/features/content/image-slot.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { uploadMessages } from "~/features/uploads/schema";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { Refusal } from "~/platform/refusal";

/** Points the content value at the library's image `fileName`; answers its address. */
export async function pickMediaFile(db: Database, actor: Person, target: { page: string; section: string }, fileName: string) {
  requirePermission(actor, "uploads.create");
  if (!(await holdsImage(db, target.page, target.section))) throw new Refusal(400, uploadMessages.not_an_image_slot);
  const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.name, fileName));
  if (!file) throw new Refusal(404, ruMedia.replaceNotFound);
  if (!file.contentType.startsWith("image/")) throw new Refusal(415, ruMedia.pickNotImage);
  const url = `/uploads/${file.name}`;
  await upsertContentValue(db, { page: target.page, section: target.section, value: url, type: "image", actor });
  return url;
}
