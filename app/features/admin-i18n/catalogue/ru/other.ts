/** The 'Другое' tab: its sections' menu, and the placeholder when it has no section yet for the administrator. */
export const other = {
  placeholderTitle: "Другие настройки",
  placeholder: "Дополнительные настройки появятся здесь позже.",
  sectionsLabel: "Разделы вкладки «Другое»",
  sections: {
    activity: "Журнал",
    team: "Команда",
    messages: "Сообщения",
    backups: "Резервные копии",
    releases: "Выпуски",
    statistics: "Статистика",
    pages: "Страницы",
    redirects: "Переадресации",
    seo: "SEO страниц",
    edge: "Кэш CDN",
    locales: "Языки",
    archive: "Архив",
    media: "Медиатека",
  },
};
