import { z } from "zod";

/**
 * Reviewer links and the live preview: what the dashboard's components and the preview routes
 * share (no server code).
 */
export interface ReviewLinkView {
  id: number;
  releaseId: number;
  createdAt: string;
  expiresAt: string;
  lastOpenedAt: string | null;
  openCount: number;
  state: "active" | "revoked" | "expired";
}

export const REVIEW_LINKS_ACTION = "/admin/preview/links";

export const reviewLinkIntents = { create: "create-review-link", revoke: "revoke-review-link" } as const;

export const previewMessages = {
  invalidRequest: "Некорректный запрос",
  unknownRelease: "Выпуск не найден",
  unknownLink: "Ссылка не найдена или уже отозвана",
  created: "Ссылка для проверки создана",
  revoked: "Ссылка отозвана",
  refusedTitle: "Ссылка для проверки недействительна",
  refused: {
    unknown: "Эта ссылка неверна. Попросите администратора прислать новую.",
    expired: "Срок действия ссылки истёк. Попросите администратора прислать новую.",
    revoked: "Ссылку отозвали. Попросите администратора прислать новую.",
  },
} as const;

const releaseId = z.coerce.number().int().positive().max(999_999_999);

export const reviewLinkFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(reviewLinkIntents.create),
    releaseId,
    days: z.coerce.number().int().min(1).max(30).default(7),
  }),
  z.object({ intent: z.literal(reviewLinkIntents.revoke), releaseId, linkId: z.coerce.number().int().positive().max(999_999_999) }),
]);

export const reviewLinksQuerySchema = z.object({ release: releaseId.optional() });

/** Public paths only: one leading slash, no scheme or host, so a preview never leads off the site. */
export const previewPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\\\s]*$/)
  .refine((path) => !/^\/(admin|api|preview)(\/|$)/.test(path));

export const previewStartSchema = z.object({
  /** A release id, or absent for the live site (the live preview of an editor with no release open). */
  release: releaseId.optional(),
  path: previewPathSchema.default("/"),
});

/** The values an editor sends to its frame: `page/section` -> the text typed and not saved yet. */
export const draftValuesSchema = z.object({
  values: z
    .record(z.string().regex(/^[a-z0-9-]{1,64}\/[\w-]{1,128}$/), z.string().max(1_000_000))
    .refine((values) => Object.keys(values).length <= 200),
});

/** Messages between the editor and the preview frame (same origin only). */
export const LIVE_PREVIEW_MESSAGE = "release-preview:values";
export const LIVE_PREVIEW_PAINTED = "release-preview:painted";
export const LIVE_PREVIEW_READY = "release-preview:ready";
export const DRAFT_HEADER = "x-release-preview";

export const previewHref = (releaseId: number | null, path = "/") =>
  `/admin/preview?${new URLSearchParams({ ...(releaseId ? { release: String(releaseId) } : {}), path })}`;

/** Where a staged key shows on the site: its page (settings, menus and shared blocks: the home page). */
export function previewPathFor(key: string): string {
  const page = key.includes("/") ? key.slice(0, key.indexOf("/")) : "";
  if (page === "security") return "/features";
  if (page === "" || page === "global" || page === "home") return "/";
  return `/${page}`;
}
