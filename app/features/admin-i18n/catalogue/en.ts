import { formatNumber, plural } from "../format";
// Areas kept in modules of their own (one per area and language; scripts/dashboard-messages.js reads them).
import { history } from "./en/history";
import { seo } from "./en/seo";
import { redirects } from "./en/redirects";
import { pages } from "./en/pages";
import { passwordReset } from "./en/password-reset";
import { other } from "./en/other";
import { pageLinks } from "./en/page-links";
import { backups } from "./en/backups";
import { inbox } from "./en/inbox";
import { legal } from "./en/legal";
import { fees } from "./en/fees";
import { activity } from "./en/activity";
import type { Catalogue } from "./shape";

/** The dashboard's English texts: every key of the Russian catalogue, with the same parameters. */
export const en = {
  history,
  seo,
  redirects,
  pages,
  passwordReset,
  other,
  pageLinks,
  backups,
  inbox,
  legal,
  fees,
  activity,
  common: {
    loading: "Loading...",
    save: "Save",
    saving: "Saving...",
    cancel: "Cancel",
    error: "Error",
    done: "Done",
    success: "Success",
    unexpected: "An unexpected error occurred",
    unknown: "—",
  },
  shell: {
    title: "Admin Dashboard",
    sections: "Dashboard sections",
    unread: (p: { count: number }) => `${p.count} unread`,
    logout: "Logout",
    loggingOut: "Logging out...",
    logoutFailed: "Could not log out",
  },
  tabs: {
    content: "Site content",
    menu: "Menu",
    legal: "Legal pages",
    fees: "Prices and tariffs",
    settings: "Global settings",
    other: "Other",
  },
  language: {
    label: "Dashboard language",
    changed: "Dashboard language: English",
    changeFailed: "Could not change the language",
    unknown: "Unknown language",
  },
  errors: {
    denied: "Access denied.",
    unexpected: "An unexpected error occurred.",
    backToLogin: "Back to sign-in",
  },
  account: {
    title: "My account",
    description: "Changing the password ends all other sessions.",
    passwordForm: "Change password",
    currentPassword: "Current password",
    newPassword: "New password",
    changePassword: "Change password",
    currentPasswordRequired: "Enter the current password",
    newPasswordShort: "New password: at least 6 characters",
    passwordTooLong: "The password is too long",
    passwordChanged: "Password changed",
    otherSessionsEnded: "Other sessions ended",
    passwordChangeFailed: "Could not change the password",
    sessions: "My sessions",
    sessionCount: (p: { count: number }) =>
      `${formatNumber("en", p.count)} ${plural("en", p.count, { one: "session", other: "sessions" })}`,
    thisSession: "this session",
    unknownAddress: "address unknown",
    activeAt: (p: { when: string }) => `active ${p.when}`,
    endSession: "End",
    sessionEnded: "Session ended",
    sessionEndFailed: "Could not end the session",
    unknownBrowser: "Unknown browser",
    browser: "Browser",
  },
  edge: {
    title: "CDN cache",
    failedToLoad: "Could not load the CDN cache's state",
    lastPurge: (p: { when: string }) => `Last purge: ${p.when}`,
    noPurgeYet: "No purges yet",
    queued: (p: { count: number }) => ` · queued: ${formatNumber("en", p.count)}`,
    failing: (p: { since: string; error: string; attempts: number }) =>
      `Purging has failed since ${p.since}: ${p.error} (attempts: ${formatNumber("en", p.attempts)}). The site keeps retrying until the cache answers.`,
    enabled: (p: { maxAge: string; staleIfError: string }) =>
      `Public pages are kept in the CDN cache for up to ${p.maxAge}; while the site is down, the cache serves them for another ${p.staleIfError}. After each change only the pages that show it are purged.`,
    disabled: "No CDN cache is configured: the site serves its pages itself (EDGE_… variables in docs/operations.md).",
    purges: "Cache purges",
    noTargets: "No purge addresses are set: the cache refreshes pages when they expire.",
    edges: "CDN caches",
    days: (p: { count: number }) => `${p.count} d`,
    hours: (p: { count: number }) => `${p.count} h`,
    minutes: (p: { count: number }) => `${p.count} min`,
    seconds: (p: { count: number }) => `${p.count} s`,
  },
  locales: {
    title: "Languages",
    failedToLoad: "Could not load the site's languages",
    description:
      "The default language opens at addresses without a prefix; other languages under their own prefix, such as /de/fees. A draft language is visible only in preview.",
    siteLocales: "Site languages",
    isDefault: "Default · ",
    published: "Published",
    draft: "Draft: preview only",
    addTitle: "Add a language",
    addDescription: "A new language is added as a draft.",
    language: "Language",
    add: "Add",
    unpublish: (p: { name: string }) => `Unpublish: ${p.name}`,
    publish: (p: { name: string }) => `Publish: ${p.name}`,
    makeDefault: (p: { name: string }) => `Make default: ${p.name}`,
    remove: (p: { name: string }) => `Remove: ${p.name}`,
    removeTitle: (p: { name: string }) => `Remove the language “${p.name}”?`,
    removeDescription: "The language disappears from the site. Its texts are kept and come back if the language is added again.",
    removeConfirm: "Remove",
  },
  upload: {
    upload: "Upload image",
    uploading: "Uploading...",
    remove: "Remove",
    noImage: "No image",
    notSet: "Not set: the site shows its default image.",
    uploadFor: (p: { section: string }) => `Upload ${p.section}`,
  },
} satisfies Catalogue;
