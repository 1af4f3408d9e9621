/**
 * Roles and permissions (app/features/access/matrix.ts names them with these texts), and what the
 * dashboard says when a role does not allow something: a refusal (403), or a section reached by
 * its address.
 */
export const access = {
  roles: {
    administrator: "Администратор",
    publisher: "Публикатор",
    reviewer: "Рецензент",
    author: "Автор",
    translator: "Переводчик",
    analyst: "Аналитик",
  },
  permissions: {
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
    "archive.view": "Архив опубликованного: сайт на любую дату и история страниц",
    "media.delete": "Удалять неиспользуемые файлы медиатеки",
  },
  /** `what` is a permission's text with a small first letter. */
  refused: (p: { role: string; what: string }) => `Роль «${p.role}» не даёт права: ${p.what}`,
  refusedWithoutRole: (p: { what: string }) => `Нет права: ${p.what}`,
  localeRefused: (p: { locale: string }) => `Вам не назначен язык «${p.locale}»: изменения на нём недоступны`,
  stagingOnly:
    "Ваша роль сохраняет изменения только в выпуск, а не сразу на сайт. Откройте или создайте выпуск в разделе «Другое → Выпуски» и сохраните снова.",
};
