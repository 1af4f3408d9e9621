// A landing page's version in another locale (`page:12@de`): its own address under the locale's
// prefix, title, status, blocks and SEO, written through the one pipeline (writeRecord) like the
// page itself. A write names only that locale's key, so a German save or publish never changes
// the English page's value or status; a release stages it like any record.
import type { Actor } from "~/features/records/revisions.server";
import type { WriteContext } from "~/features/records/write.server";
import { listSiteLocales } from "~/features/locales/locales.server";
import type { Database } from "~/platform/db.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import type { PageSeoFields } from "~/features/seo/seo-fields";
import { validateBlocks } from "./blocks/blocks";
import { checkDisclaimer, sanitizeBlocks } from "./pages.server";
import { isDisclaimerRequired } from "./policy.server";
import { pageMessages } from "./schema";
import { slugProblem } from "./slug";
import { pageRecordKey, translationsOf, type PageSnapshot, type PageTranslation } from "./internal/records.server";
import { PageWriteError, writeRecord } from "./internal/write.server";

/** The database's own guard of one address per locale (migration 0027). */
const UNIQUE_ADDRESS = "record_translations_page_path_unique";

const refusePath = (message: string) => new PageWriteError(message, 400, { path: [message] });

/** Refuses a locale the site does not have, or the default (whose version is the page itself). */
export async function checkPageLocale(db: Database, locale: string) {
  const locales = await listSiteLocales(db);
  const found = locales.find((candidate) => candidate.code === locale);
  if (!found || found.isDefault || locale === DEFAULT_LOCALE)
    throw new PageWriteError(pageMessages.localeUnknown, 400, { locale: [pageMessages.localeUnknown] });
}

/** Refuses an address that is malformed, reserved, or taken by another page's version in the same locale. */
async function claimLocalePath(context: WriteContext, locale: string, path: string, ownId: number) {
  const problem = slugProblem(path);
  if (problem) throw refusePath(problem);
  const taken = translationsOf(await context.list("landing-page"), locale).some((version) => version.path === path && version.id !== ownId);
  if (taken) throw refusePath(pageMessages.pathTakenInLocale);
}

/** A unique violation of the address index (a write that raced the check) answered as the check's refusal. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const text = `${(error as { constraint?: string })?.constraint ?? ""} ${(error as Error)?.message ?? ""}`;
    if (text.includes(UNIQUE_ADDRESS)) throw refusePath(pageMessages.pathTakenInLocale);
    throw error;
  }
}

export interface TranslationSave {
  id: number;
  locale: string;
  version?: number;
  title: string;
  path: string;
  blocks: unknown;
  seo: PageSeoFields;
}

/**
 * Saves a page's version in a locale (the first save creates it, as a draft). The default
 * locale's page must exist; its value is read but never written.
 */
export async function saveTranslation(db: Database, input: TranslationSave, actor: Actor) {
  await checkPageLocale(db, input.locale);
  const checked = validateBlocks(input.blocks);
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [field, [message]]));
    throw new PageWriteError(pageMessages.blocksInvalid, 400, fieldErrors);
  }
  const blocks = sanitizeBlocks(checked.blocks);
  const key = pageRecordKey(input.id, input.locale);
  return guarded(() =>
    writeRecord<PageTranslation>(db, {
      key,
      action: "update",
      actor,
      version: input.version,
      change: async (context, before) => {
        const page = (await context.read(pageRecordKey(input.id))) as PageSnapshot | null;
        if (!page) throw new PageWriteError(pageMessages.notFound, 404);
        const own = before as PageTranslation | null;
        if (own?.status === "published") checkDisclaimer(blocks, await isDisclaimerRequired(context.executor));
        if (own?.path !== input.path) await claimLocalePath(context, input.locale, input.path, input.id);
        const after: PageTranslation = {
          id: input.id,
          locale: input.locale,
          path: input.path,
          title: input.title,
          status: own?.status ?? "draft",
          blocks,
          seo: input.seo,
        };
        return { result: after, after };
      },
    }),
  );
}

/** Publishes or unpublishes a page's version in a locale (404 there while unpublished), or removes it. */
export async function changeTranslationStatus(
  db: Database,
  input: { id: number; locale: string; version?: number; status: "published" | "unpublished" | "deleted" },
  actor: Actor,
) {
  await checkPageLocale(db, input.locale);
  return guarded(() =>
    writeRecord<true>(db, {
      key: pageRecordKey(input.id, input.locale),
      action: input.status === "deleted" ? "delete" : "update",
      actor,
      version: input.version,
      change: async (context, before) => {
        const own = before as PageTranslation | null;
        if (!own) throw new PageWriteError(pageMessages.translationNotFound, 404);
        if (input.status === "deleted") return { result: true, after: null };
        if (input.status === "published") {
          if (!(await context.read(pageRecordKey(input.id)))) throw new PageWriteError(pageMessages.notFound, 404);
          checkDisclaimer(
            Array.isArray(own.blocks) ? (own.blocks as { type: string }[]) : [],
            await isDisclaimerRequired(context.executor),
          );
        }
        return { result: true, after: { ...own, status: input.status } };
      },
    }),
  );
}
