import type { Catalogue } from "../shape";

/** Roles, permissions and the refusals of what a role does not allow, in English. */
export const access = {
  roles: {
    administrator: "Administrator",
    publisher: "Publisher",
    reviewer: "Reviewer",
    author: "Author",
    translator: "Translator",
    analyst: "Analyst",
  },
  permissions: {
    "content.edit": "Edit content, menus, legal pages, fees, pages and SEO (in a release)",
    "content.live": "Save changes straight to the site, without a release",
    "settings.edit": "Edit global settings and page links",
    "redirects.edit": "Edit redirects",
    "uploads.create": "Upload images",
    "releases.view": "See releases and their preview",
    "releases.create": "Create releases, stage changes into them and submit them for review",
    "releases.comment": "Comment on releases and their changes",
    "releases.review": "Approve releases and send them back",
    "releases.publish": "Publish, schedule and cancel releases",
    "releases.policy": "Change the release policies",
    "activity.view": "See the activity log and the history of changes, and undo them",
    "statistics.view": "See visit statistics",
    "messages.read": "Read the contact form's messages",
    "messages.manage": "Mark, delete and resend messages",
    "team.manage": "Manage the team: invitations, roles, accounts and sign-in rules",
    "backups.manage": "Manage backups",
    "archive.view": "The archive of what was published: the site as of any date and each page's history",
    "media.delete": "Delete unused files of the media library",
  },
  refused: (p: { role: string; what: string }) => `The role “${p.role}” does not allow this: ${p.what}`,
  refusedWithoutRole: (p: { what: string }) => `Not allowed: ${p.what}`,
  localeRefused: (p: { locale: string }) => `The language “${p.locale}” is not assigned to you: you cannot change it`,
  stagingOnly:
    "Your role saves changes into a release only, never straight to the site. Open or create a release under “Other → Releases” and save again.",
} satisfies Catalogue["access"];
