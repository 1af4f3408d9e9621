// The 'Страницы' and 'Переадресации' sections' writes: one schema per intent, one feature call each.
import type { z } from "zod";
import { failed, refused, runAction, succeeded } from "~/platform/action-result.server";
import type { Actor } from "~/features/records/revisions.server";
import type { Database } from "~/platform/db.server";
import { changePageStatus, createPage, savePage } from "./pages.server";
import { setDisclaimerRequired } from "./policy.server";
import { changeTranslationStatus, saveTranslation } from "./translations.server";
import { setPageEnd } from "./end.server";
import { zonedToInstant } from "~/features/releases/time-zone";
import { getEnv } from "~/platform/env.server";
import { createRedirect, deleteRedirect, updateRedirect } from "./redirects.server";
import {
  createPageSchema,
  pageEndSchema,
  pageIntents,
  pageMessages,
  pageStatusSchema,
  policySchema,
  redirectDeleteSchema,
  redirectFormSchema,
  redirectIntents,
  savePageSchema,
  unpublishSchema,
} from "./schema";

type Form = Record<string, string>;

function answer(intent: string, write: () => Promise<unknown>, extra?: (result: unknown) => Record<string, unknown>) {
  return runAction(
    intent,
    async () => {
      const result = await write();
      if (result === false) return failed(intent, 404, pageMessages.notFound);
      return { ...succeeded(intent), ...(extra ? extra(result) : {}) };
    },
    { log: "page write failed", message: pageMessages.saveFailed },
  );
}

function parse<T extends z.ZodType>(schema: T, form: Form, intent: string): { data: z.infer<T> } | { refusal: ReturnType<typeof refused> } {
  const parsed = schema.safeParse(form);
  return parsed.success ? { data: parsed.data } : { refusal: refused(intent, parsed.error, pageMessages.invalid) };
}

function parseBlocks(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Runs one write of the 'Страницы' section. */
export async function runPageAction(db: Database, form: Form, actor: Actor) {
  const intent = form.intent ?? "";
  switch (intent) {
    case pageIntents.create: {
      const parsed = parse(createPageSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      return answer(
        intent,
        () => createPage(db, parsed.data, actor),
        (row) => ({ id: (row as { id: number }).id }),
      );
    }
    case pageIntents.save: {
      const parsed = parse(savePageSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      const { id, version, title, path, seo, locale } = parsed.data;
      const blocks = parseBlocks(parsed.data.blocks);
      // `locale`: the page's version in that locale; the page itself is not written.
      if (locale) return answer(intent, () => saveTranslation(db, { id, locale, version, title, path, seo, blocks }, actor));
      return answer(intent, () => savePage(db, { id, version, title, path, seo, blocks }, actor));
    }
    case pageIntents.publish:
    case pageIntents.delete: {
      const parsed = parse(pageStatusSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      const status = intent === pageIntents.publish ? "published" : "deleted";
      const { locale } = parsed.data;
      if (locale)
        return answer(intent, () =>
          changeTranslationStatus(db, { id: parsed.data.id, locale, version: parsed.data.version, status }, actor),
        );
      return answer(intent, () => changePageStatus(db, { id: parsed.data.id, version: parsed.data.version, status }, actor));
    }
    case pageIntents.unpublish: {
      const parsed = parse(unpublishSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      const { locale, id, version } = parsed.data;
      // A version in a locale unpublishes to that locale's 404 (its redirects are the page's).
      if (locale) return answer(intent, () => changeTranslationStatus(db, { id, locale, version, status: "unpublished" }, actor));
      return answer(intent, () => changePageStatus(db, { ...parsed.data, status: "unpublished" }, actor));
    }
    case pageIntents.end: {
      const parsed = parse(pageEndSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      const { id, version, endRedirect, endRedirectStatus } = parsed.data;
      const endsAt = parsed.data.endsAt === "" ? null : zonedToInstant(parsed.data.endsAt, getEnv().SITE_TIME_ZONE);
      if (endsAt === undefined) return failed(intent, 400, pageMessages.endDate, { endsAt: [pageMessages.endDate] });
      return answer(intent, () => setPageEnd(db, { id, version, endsAt, endRedirect, endRedirectStatus }, actor));
    }
    case pageIntents.policy: {
      const parsed = parse(policySchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      return answer(intent, () => setDisclaimerRequired(db, parsed.data.disclaimerRequired, actor));
    }
    default:
      return failed(intent, 400, "Unknown action");
  }
}

/** Runs one write of the 'Переадресации' section. */
export async function runRedirectAction(db: Database, form: Form, actor: Actor) {
  const intent = form.intent ?? "";
  switch (intent) {
    case redirectIntents.create:
    case redirectIntents.update: {
      const parsed = parse(redirectFormSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      const { id, version, fromPath, toPath, status } = parsed.data;
      if (intent === redirectIntents.update && id === undefined) return failed(intent, 400, pageMessages.invalid);
      return answer(intent, () =>
        intent === redirectIntents.create
          ? createRedirect(db, { fromPath, toPath, status }, actor)
          : updateRedirect(db, id!, { fromPath, toPath, status }, actor, version),
      );
    }
    case redirectIntents.delete: {
      const parsed = parse(redirectDeleteSchema, form, intent);
      if ("refusal" in parsed) return parsed.refusal;
      return answer(intent, () => deleteRedirect(db, parsed.data.id, actor, parsed.data.version));
    }
    default:
      return failed(intent, 400, "Unknown action");
  }
}
