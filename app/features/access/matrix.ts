// The access matrix: every role of the dashboard and, for each, the fixed set of things it may
// do. The server checks these permissions where each feature does its work (requirePermission),
// the dashboard shows only what they allow, and docs/roles.md is this table (a test compares
// them). Non-server: the dashboard's components read it too.

/** Everything the dashboard lets someone do, with how the dashboard names it. */
export const permissions = {
  "content.edit": "Изменять контент, меню, юридические страницы, цены, страницы и SEO (в выпуске)",
  "content.live": "Сохранять изменения сразу на сайт, без выпуска",
  "settings.edit": "Изменять глобальные настройки и ссылки страниц",
  "redirects.edit": "Изменять переадресации",
  "uploads.create": "Загружать изображения",
  "releases.view": "Видеть выпуски и их предпросмотр",
  "releases.create": "Создавать выпуски, вносить в них изменения и отправлять на проверку",
  "releases.comment": "Комментировать выпуски и изменения в них",
  "releases.review": "Одобрять выпуски и возвращать их на доработку",
  "releases.publish": "Публиковать, планировать и отменять выпуски",
  "releases.policy": "Менять правила выпусков",
  "activity.view": "Журнал действий, история изменений и их отмена",
  "statistics.view": "Статистика посещений",
  "messages.read": "Читать сообщения формы обратной связи",
  "messages.manage": "Отмечать, удалять и повторно отправлять сообщения",
  "team.manage": "Команда: приглашения, роли, учётные записи и правила входа",
  "backups.manage": "Резервные копии",
} as const;

export type Permission = keyof typeof permissions;

/** The roles, strongest first, with how the dashboard names each. */
export const roles = {
  administrator: "Администратор",
  publisher: "Публикатор",
  reviewer: "Рецензент",
  author: "Автор",
  translator: "Переводчик",
  analyst: "Аналитик",
} as const;

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
  publisher: [...new Set<Permission>([...authorPermissions, ...reviewerPermissions, "content.live", "releases.publish"])],
  reviewer: reviewerPermissions,
  // Never live, whatever the release policy: an author's save needs a release open.
  author: authorPermissions,
  // An author limited to the locales assigned to the account (see `mayEditLocale`).
  translator: authorPermissions,
  analyst: ["statistics.view", "messages.read"],
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

/** What the dashboard says when a role does not allow something (a refusal, or a section reached by its address). */
export function refusalMessage(role: string | null | undefined, permission: Permission): string {
  const name = isRole(role) ? roles[role] : null;
  const what = permissions[permission];
  return name ? `Роль «${name}» не даёт права: ${lowerFirst(what)}` : `Нет права: ${lowerFirst(what)}`;
}

export const localeRefusalMessage = (locale: string) => `Вам не назначен язык «${locale}»: изменения на нём недоступны`;

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
export const stagingOnlyMessage =
  "Ваша роль сохраняет изменения только в выпуск, а не сразу на сайт. Откройте или создайте выпуск в разделе «Другое → Выпуски» и сохраните снова.";
