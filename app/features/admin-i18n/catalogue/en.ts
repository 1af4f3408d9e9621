import { formatNumber, plural } from "../format";
// Areas kept in modules of their own (one per area and language; scripts/dashboard-messages.js reads them).
import { history } from "./en/history";
import { archive } from "./en/archive";
import { media } from "./en/media";
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
import { effective } from "./en/effective";
import { activity } from "./en/activity";
import { access } from "./en/access";
import { login } from "./en/login";
import { twoFactor } from "./en/two-factor";
import { team } from "./en/team";
import { statistics } from "./en/statistics";
import { settings } from "./en/settings";
import { releases } from "./en/releases";
import { menu } from "./en/menu";
import { content } from "./en/content";
import { translations } from "./en/translations";
import type { Catalogue } from "./shape";

/** The dashboard's English texts: every key of the Russian catalogue, with the same parameters. */
export const en = {
  history,
  archive,
  media,
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
  effective,
  activity,
  access,
  login,
  twoFactor,
  team,
  statistics,
  settings,
  releases,
  menu,
  content,
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
    translated: (p: { complete: number; total: number; percent: string }) =>
      `Translated: ${formatNumber("en", p.complete)} of ${formatNumber("en", p.total)} (${p.percent})`,
    incompleteTitle: (p: { name: string }) => `Publish “${p.name}” with an incomplete translation?`,
    incompleteDescription:
      "Visitors will see the untranslated texts in the default language. Publishing with an incomplete translation is recorded in the activity log.",
    incompleteConfirm: "Publish despite the incomplete translation",
    answers: {
      added: "Language added",
      removed: "Language removed",
      defaultChosen: "Default language changed",
      stateChanged: "Language state changed",
      unknownCode: "This language is not on the allowed list",
      malformedCode: "The language code is malformed",
      alreadyAdded: "This language has already been added",
      notAdded: "This language is not on the site",
      removeDefault: "The default language cannot be removed: choose another one first",
      defaultMustBePublic: "Only a published language can be the default",
      draftDefault: "The default language cannot be unpublished",
      incomplete:
        "The translation is incomplete: publish the language marked “despite the incomplete translation” (recorded in the log) or finish translating it first",
      invalidRequest: "Unknown action",
      failed: "Could not change the site's languages",
    },
  },
  releaseComments: {
    releaseThread: "Release discussion",
    releaseThreadHint: "Remarks on the release as a whole; write remarks on one change beside it.",
    changeThread: (p: { key: string }) => `Discussion of the change ${p.key}`,
    removedThreads: "Discussions of changes no longer in the release",
    label: "Comment",
    changeLabel: (p: { key: string }) => `Comment on the change ${p.key}`,
    add: "Comment",
    adding: "Sending...",
    added: "Comment added",
    addFailed: "Could not add the comment",
    resolve: "Mark resolved",
    resolved: "Discussion marked resolved",
    resolveFailed: "Could not mark the discussion resolved",
    showResolved: (p: { count: number }) => `Show resolved (${formatNumber("en", p.count)})`,
    resolvedBy: (p: { who: string; when: string }) => `Resolved: ${p.who}, ${p.when}`,
    none: "No comments yet.",
    sendBack: "Sent back",
    readOnly: "Your role does not allow commenting on releases.",
    closed: "The release is published or cancelled: the discussion is closed.",
    bodyRequired: "Write a comment",
    bodyTooLong: "Comment: at most 2000 characters",
    sendBackRequired: "To send the release back, say in a comment what to fix",
    changeNotStaged: "The release has no such change",
    threadNotFound: "This discussion has no unresolved comments",
    notOpen: "The release is published or cancelled: it cannot be commented on",
    invalid: "Invalid request",
    failed: "Could not save the comment",
    mailSubject: (p: { name: string }) => `Comment on the release “${p.name}”`,
    mailSendBackSubject: (p: { name: string }) => `The release “${p.name}” was sent back`,
    mailIntro: (p: { who: string; name: string }) => `${p.who} commented on the release “${p.name}”.`,
    mailSendBackIntro: (p: { who: string; name: string }) => `${p.who} sent the release “${p.name}” back for changes.`,
    mailChange: (p: { key: string }) => `Change: ${p.key}`,
    mailOpen: (p: { url: string }) => `Open the release: ${p.url}`,
    mailWhy: "You receive this mail because you created this release or staged changes into it.",
  },
  sso: {
    button: "Sign in with SSO",
    or: "or",
    passwordsOff: "Password sign-in is for break-glass accounts only.",
    refusedTitle: "SSO sign-in refused",
    refusals: {
      not_configured: "SSO sign-in is not configured.",
      unavailable: "The sign-in provider (SSO) is not answering. Try again later; break-glass accounts can sign in with a password.",
      expired: "The SSO sign-in was not finished in time. Start again.",
      state: "The provider's answer does not belong to this sign-in. Start again.",
      cancelled: "The sign-in was cancelled at the provider.",
      token: "The provider's answer failed its checks. Sign-in refused.",
      unverified_email: "The provider has not verified your e-mail address. Sign-in refused.",
      domain: "Accounts are not created for addresses of this domain. Ask an administrator for an invitation.",
      no_role: "The provider gave you no dashboard role. Ask an administrator for an invitation.",
      no_email: "The provider sent no e-mail address. Sign-in refused.",
      password_disabled: "Password sign-in is off: sign in with SSO.",
    },
    sameIdentityTitle: "One person may have several accounts",
    sameIdentity: (p: { emails: string }) =>
      `The accounts ${p.emails} belong to one person at the sign-in provider or differ only by a tag in the address. Four eyes compares people: keep one account.`,
  },
  translations,
  upload: {
    upload: "Upload image",
    uploading: "Uploading...",
    remove: "Remove",
    noImage: "No image",
    notSet: "Not set: the site shows its default image.",
    uploadFor: (p: { section: string }) => `Upload ${p.section}`,
  },
} satisfies Catalogue;
