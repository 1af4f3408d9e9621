import { z } from "zod";
import type { Permission } from "~/features/access/matrix";
import { releaseMessages } from "./messages";
import { xliffExportQuerySchema, xliffFileFields } from "~/features/content/translation-schema";
import { releaseCommentIntents } from "./comments/intents";
import { releaseXliffIntents } from "./intents";
import { changeKeyField, commentMessages, commentText } from "./comments/schema";

export const releaseIntents = {
  create: "create-release",
  open: "open-release",
  goLive: "go-live",
  policies: "release-policies",
  submit: "submit-release",
  approve: "approve-release",
  approveLocale: "approve-release-locale",
  sendBack: "send-back-release",
  schedule: "schedule-release",
  unschedule: "unschedule-release",
  setEnd: "set-release-end",
  publish: "publish-release",
  resolve: "resolve-conflict",
  cancel: "cancel-release",
  comment: releaseCommentIntents.add,
  resolveThread: releaseCommentIntents.resolve,
  importXliff: releaseXliffIntents.importXliff,
} as const;

export type ReleaseIntent = (typeof releaseIntents)[keyof typeof releaseIntents];

/** The permission each release write needs (app/features/access/matrix.ts): checked before its form is read. */
export const releaseIntentPermissions: Readonly<Record<ReleaseIntent, Permission>> = {
  [releaseIntents.create]: "releases.create",
  [releaseIntents.open]: "releases.create",
  [releaseIntents.goLive]: "releases.create",
  [releaseIntents.submit]: "releases.create",
  [releaseIntents.policies]: "releases.policy",
  [releaseIntents.approve]: "releases.review",
  [releaseIntents.approveLocale]: "releases.review",
  [releaseIntents.sendBack]: "releases.review",
  [releaseIntents.schedule]: "releases.publish",
  [releaseIntents.unschedule]: "releases.publish",
  [releaseIntents.setEnd]: "releases.publish",
  [releaseIntents.publish]: "releases.publish",
  [releaseIntents.resolve]: "releases.publish",
  [releaseIntents.cancel]: "releases.publish",
  [releaseIntents.comment]: "releases.comment",
  [releaseIntents.resolveThread]: "releases.comment",
  // A translated file is staged into the release: what staging into it needs.
  [releaseIntents.importXliff]: "releases.create",
};

/** The permission a posted intent needs; undefined for an intent that is not a release write. */
export const permissionForReleaseIntent = (intent: string): Permission | undefined =>
  Object.hasOwn(releaseIntentPermissions, intent) ? releaseIntentPermissions[intent as ReleaseIntent] : undefined;

const releaseId = z.coerce
  .number({ message: releaseMessages.notFound })
  .int(releaseMessages.notFound)
  .positive(releaseMessages.notFound)
  .max(2147483647, releaseMessages.notFound);

/** The id in a release page's address. */
export const releaseIdSchema = z.object({ id: releaseId });

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

export const releaseListFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(releaseIntents.create),
    name: z.string().trim().min(1, releaseMessages.invalidName).max(120, releaseMessages.invalidName),
  }),
  z.object({ intent: z.literal(releaseIntents.open), releaseId }),
  z.object({ intent: z.literal(releaseIntents.goLive) }),
  z.object({ intent: z.literal(releaseIntents.policies), fourEyes: checkbox, releasesOnly: checkbox }),
]);

const comment = z.string().trim().max(2000, releaseMessages.invalidComment).optional();

/** A local date and time as a datetime-local field sends it (read in the site's time zone). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, releaseMessages.invalidDate);

export const releasePageFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(releaseIntents.open) }),
  z.object({ intent: z.literal(releaseIntents.goLive) }),
  z.object({ intent: z.literal(releaseIntents.submit) }),
  z.object({ intent: z.literal(releaseIntents.approve), comment }),
  z.object({
    intent: z.literal(releaseIntents.approveLocale),
    locale: z.string({ error: releaseMessages.invalid }).regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, releaseMessages.invalid),
  }),
  // Sending back says what to fix: without a comment it is refused and nothing changes.
  z.object({ intent: z.literal(releaseIntents.sendBack), comment: commentText(commentMessages.sendBackRequired) }),
  z.object({ intent: z.literal(releaseIntents.schedule), at: localDateTime }),
  z.object({ intent: z.literal(releaseIntents.unschedule) }),
  // An end time; empty removes it.
  z.object({ intent: z.literal(releaseIntents.setEnd), endsAt: z.union([z.literal(""), localDateTime]).default("") }),
  z.object({ intent: z.literal(releaseIntents.publish) }),
  z.object({
    intent: z.literal(releaseIntents.resolve),
    key: z
      .string()
      .max(300, releaseMessages.invalid)
      .regex(/^((menu|page|redirect):\d{1,9}|[a-z0-9_-]{1,100}\/[a-z0-9_-]{1,100})$/i, releaseMessages.invalid),
    choice: z.enum(["live", "release"], { message: releaseMessages.invalid }),
  }),
  z.object({ intent: z.literal(releaseIntents.cancel) }),
  z.object({ intent: z.literal(releaseIntents.comment), changeKey: changeKeyField, comment: commentText() }),
  z.object({ intent: z.literal(releaseIntents.resolveThread), changeKey: changeKeyField }),
  z.object({ intent: z.literal(releaseIntents.importXliff), ...xliffFileFields }),
]);

/** `?locale=de` on a release's XLIFF download (required). */
export const releaseXliffQuerySchema = xliffExportQuerySchema;
