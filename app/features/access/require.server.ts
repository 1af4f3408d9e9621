import type { Actor } from "~/platform/person";
import { Refusal } from "~/platform/refusal";
import { localeRefusalMessage, mayEditLocale, refusalMessage, roleAllows, type Permission } from "./matrix";

/**
 * Refuses (403, with the reason in the actor's dashboard language) unless the actor's role allows
 * the permission. Every feature calls it where it does the work, so a new route cannot skip it.
 * A null actor is the server itself (a scheduled publish, a command on the server's console),
 * which the permissions do not limit.
 */
export function requirePermission(actor: Actor, permission: Permission): void {
  if (actor === null) return;
  if (!roleAllows(actor.role, permission)) throw new Refusal(403, refusalMessage(actor.role, permission, actor.language));
}

/** Refuses (403) a change of a record in a locale the actor may not change (a translator's unassigned language). */
export function requireLocale(actor: Actor, locale: string): void {
  if (actor === null) return;
  if (!mayEditLocale(actor.role, actor.locales, locale)) throw new Refusal(403, localeRefusalMessage(locale, actor.language));
}

export const hasPermission = (actor: Actor, permission: Permission) => actor === null || roleAllows(actor.role, permission);
