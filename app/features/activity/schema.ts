import { z } from "zod";
import { hasNoControlCharacters, isCalendarDay } from "~/platform/query-values";

const day = z.string().refine(isCalendarDay, "Неверная дата");
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The activity log's filters and page, as its URL carries them. */
export const activityQuerySchema = z.object({
  person: optional(z.string().max(200).refine(hasNoControlCharacters, "Недопустимые символы")),
  area: optional(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "Неизвестный раздел")),
  from: optional(day),
  to: optional(day),
  /** Keyset page: entries older than this id. */
  before: optional(z.coerce.number().int().positive().max(2147483647)),
});

export const historyExportMessages = { invalid: "Фильтры журнала заданы неверно" } as const;
export const ACTIVITY_EXPORT_PATH = "/admin/activity-export";

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** Areas of the dashboard by name; an area not listed here is shown as it is stored. */
export const activityAreaLabels: Record<string, string> = {
  content: "Контент сайта",
  menu: "Меню",
  legal: "Юридические страницы",
  fees: "Цены и тарифы",
  settings: "Глобальные настройки",
  "page-links": "Ссылки страниц",
  uploads: "Загрузки",
  auth: "Вход",
  team: "Администраторы",
  messages: "Сообщения",
  backups: "Резервные копии",
  releases: "Выпуски",
  pages: "Страницы",
  redirects: "Переадресации",
  locales: "Языки",
};

const actionLabels: Record<string, string> = {
  update: "изменение",
  create: "создание",
  delete: "удаление",
  restore: "восстановление",
  initialize: "инициализация",
  undo_group: "отмена инициализации",
  sign_in: "вход",
  sign_in_failed: "неудачный вход",
  sso_sign_in: "вход через SSO",
  sso_refused: "вход через SSO отклонён",
  sign_out: "выход",
  two_factor_enable: "двухфакторная аутентификация включена",
  two_factor_disable: "двухфакторная аутентификация отключена",
  backup_codes_regenerate: "новые резервные коды",
  two_factor_require: "двухфакторная аутентификация обязательна",
  two_factor_optional: "двухфакторная аутентификация необязательна",
  // Releases (docs/releases.md).
  stage: "изменение в выпуске",
  open: "выпуск открыт для правки",
  go_live: "возврат к правке сайта",
  submit: "отправлен на проверку",
  approve: "одобрен",
  send_back: "возвращён на доработку",
  schedule: "запланирован",
  unschedule: "снят с расписания",
  publish: "опубликован",
  cancel: "отменён",
  resolve: "конфликт решён",
  failed: "ошибка публикации",
  policies: "правила публикации",
  // Site locales.
  default: "выбран языком по умолчанию",
  draft: "снят с публикации",
};

/** `content.update` → 'Контент сайта: изменение'; unknown kinds are shown as stored. */
export function describeKind(kind: string, area: string) {
  const action = kind.includes(".") ? kind.slice(kind.indexOf(".") + 1) : kind;
  return `${activityAreaLabels[area] ?? area}: ${actionLabels[action] ?? action.replace(/_/g, " ")}`;
}

/** One line of the log as the dashboard shows it. */
export interface ActivityEntry {
  id: number;
  at: string;
  by: string | null;
  kind: string;
  area: string;
  what: string;
  /** The card whose history this entry belongs to, when it has one. */
  historyKey: string | null;
}
