import { z } from "zod";
import { releaseMessages } from "./messages";

export const releaseIntents = {
  create: "create-release",
  open: "open-release",
  goLive: "go-live",
  policies: "release-policies",
  submit: "submit-release",
  approve: "approve-release",
  sendBack: "send-back-release",
  schedule: "schedule-release",
  unschedule: "unschedule-release",
  publish: "publish-release",
  resolve: "resolve-conflict",
  cancel: "cancel-release",
} as const;

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
  z.object({ intent: z.literal(releaseIntents.sendBack), comment }),
  z.object({ intent: z.literal(releaseIntents.schedule), at: localDateTime }),
  z.object({ intent: z.literal(releaseIntents.unschedule) }),
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
]);
