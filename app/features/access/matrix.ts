// The access matrix: every role of the dashboard and, for each, the fixed set of things it may
// do. The server checks these permissions where each feature does its work (requirePermission),
// the dashboard shows only what they allow, and docs/roles.md is this table (a test compares
// them). Non-server: the dashboard's components read it too.

import { access as ruAccess } from "~/features/admin-i18n/catalogue/ru/access";
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import { DEFAULT_LOCALE } from "~/platform/record-key";

/** Everything the dashboard lets someone do, with how the dashboard names it (the catalogue's `access` texts). */
export const permissions = ruAccess.permissions;

export type Permission = keyof typeof permissions;

/** The roles, strongest first, with how the dashboard names each. */
export const roles = ruAccess.roles;

export type Role = keyof typeof roles;

export const roleNames = Object.keys(roles) as Role[];

const authorPermissions = [
  "content.edit",
  "uploads.create",
  "releases.view",
  "releases.create",
  "releases.comment",
] as const satisfies readonly Permission[];
const reviewerPermissions = ["releases.view", "releases.comment", "releases.review"] as const satisfies readonly Permission[];

/** role × permission: what each role may do. Nothing else is allowed. */
export const accessMatrix: Readonly<Record<Role, readonly Permission[]>> = {
  administrator: Object.keys(permissions) as Permission[],
  publisher: [...new Set<Permission>([...authorPermissions, ...reviewerPermissions, "content.live", "releases.publish", "media.delete"])],
  // The archive of what was published: what a review or an audit asks about (docs/archive.md).
  reviewer: [...reviewerPermissions, "archive.view"],
  // Never live, whatever the release policy: an author's save needs a release open.
  author: authorPermissions,
  // An author limited to the locales assigned to the account (see `mayEditLocale`).
  translator: authorPermissions,
  analyst: ["statistics.view", "messages.read", "archive.view"],
};

/** Roles whose content permissions are limited to the locales assigned to the account. */
export const localeLimitedRoles: ReadonlySet<Role> = new Set<Role>(["translator"]);

/** Roles that may approve a release (with four eyes: one they did not create or stage into). */
export const approverRoles = roleNames.filter((role) => accessMatrix[role].includes("releases.review"));

export const isRole = (value: unknown): value is Role => typeof value === "string" && Object.hasOwn(roles, value);

/** Whether the role allows it; an unknown or missing role allows nothing. */
export function roleAllows(role: string | null | undefined, permission: Permission): boolean {
  return isRole(role) && accessMatrix[role].includes(permission);
}

/** Whether someone with this role and these assigned locales may change a record in `locale`. */
export function mayEditLocale(role: string | null | undefined, locales: readonly string[] | undefined, locale: string): boolean {
  if (!isRole(role)) return false;
  return !localeLimitedRoles.has(role) || (locales ?? []).includes(locale);
}

/**
 * Whether the account may change the default locale's records: every role with `content.edit`
 * but a translator not given the default locale. The sections that edit only the default locale
 * (menus, legal pages, fees, landing pages, SEO) are shown and opened only then.
 */
export const editsDefaultLocale = (role: string | null | undefined, locales: readonly string[] | undefined) =>
  roleAllows(role, "content.edit") && mayEditLocale(role, locales, DEFAULT_LOCALE);

/**
 * What the dashboard says when a role does not allow something (a refusal, or a section reached
 * by its address), in the dashboard language of the one refused (Russian when not known).
 */
export function refusalMessage(role: string | null | undefined, permission: Permission, language?: string): string {
  const texts = messagesOf(adminLanguageOf(language)).access;
  const what = lowerFirst(texts.permissions[permission]);
  return isRole(role) ? texts.refused({ role: texts.roles[role], what }) : texts.refusedWithoutRole({ what });
}

/** A change in a locale the translator was not given. */
export const localeRefusalMessage = (locale: string, language?: string) =>
  messagesOf(adminLanguageOf(language)).access.localeRefused({ locale });

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The permission a change of a record needs, by the record kind's area: global settings and page
 * links are the administrator's, redirects too; every other kind of content is `content.edit`.
 */
export const areaPermissions: Readonly<Record<string, Permission>> = {
  settings: "settings.edit",
  "page-links": "settings.edit",
  redirects: "redirects.edit",
};

export const permissionForArea = (area: string): Permission => areaPermissions[area] ?? "content.edit";

/** What an author or translator hears when a save would go live: their changes go into releases only. */
export const stagingOnlyMessage = ruAccess.stagingOnly;

/** The same, in the dashboard language of the one refused. */
export const stagingOnlyIn = (language?: string) => messagesOf(adminLanguageOf(language)).access.stagingOnly;
