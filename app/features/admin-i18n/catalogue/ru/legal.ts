/** The 'Юридические страницы' tab; its toasts are the specification's. The page names are the specification's too. */
export const legal = {
  title: "Юридические страницы",
  pages: {
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    "aml-kyc": "AML/KYC Policy",
  },
  success: "Успех",
  error: "Ошибка",
  initialized: "Юридические страницы инициализированы",
  initFailed: "Не удалось инициализировать юридические страницы",
  loadFailed: "Не удалось загрузить юридические страницы",
  create: "Создать",
  notCreated: (p: { title: string }) => `Страница «${p.title}» ещё не создана.`,
  saved: "Страница обновлена успешно",
  validation: "Ошибка валидации",
  notFound: "Страница не найдена",
  saveFailed: "Не удалось обновить страницу",
  save: "Сохранить контент",
  saving: "Сохранение...",
  unknownAction: "Unknown action",
  /** The rich-text editor (Quill), here and in the landing pages' rich-text block. */
  editorLoading: "Загрузка редактора...",
  heading: "Заголовок",
  align: "Выравнивание",
};
