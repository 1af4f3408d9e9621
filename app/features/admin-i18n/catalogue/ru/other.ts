/** The 'Другое' tab when it has no section yet for the administrator. */
export const other = {
  placeholderTitle: "Другие настройки",
  placeholder: "Дополнительные настройки появятся здесь позже.",
};
