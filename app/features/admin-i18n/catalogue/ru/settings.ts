/**
 * 'Глобальные настройки': the ten tabs, the cards and their toasts. The answers of
 * app/features/content/settings/schema.ts (`settingMessages`) are `answers`.
 */
export const settings = {
  title: "Глобальные настройки",
  loading: "Загрузка глобальных настроек...",
  sections: "Разделы настроек",
  loadFailed: "Не удалось загрузить глобальные настройки.",
  loadFailedToast: "Не удалось загрузить глобальные настройки",
  tabs: {
    contact: "Контакты",
    branding: "Брендинг",
    colors: "Цвета",
    images: "Изображения",
    payment: "Платёжные системы",
    social: "Соцсети",
    currency: "Валюта",
    buttons: "Кнопки",
    footer: "Футер",
    links: "Ссылки",
  },
  images: {
    favicon_url: { title: "Favicon", description: "Рекомендуется PNG 32x32 или 64x64" },
    header_logo_url: { title: "Логотип в шапке", description: "Рекомендуемый размер 180x48" },
    footer_logo_url: { title: "Логотип в футере", description: "Рекомендуемый размер 120x32" },
    logo_url: { title: "Основной логотип (устаревший)", description: "Используется, когда логотипы шапки и футера не заданы" },
    og_image_url: { title: "Open Graph изображение", description: "1200x630, PNG или JPG" },
  },
  imageShown: "Изображение будет отображаться на сайте",
  valueShown: "Текущее значение будет отображаться на сайте.",
  pickColour: (p: { title: string }) => `${p.title}: выбор цвета`,
  save: "Сохранить",
  saving: "Сохранение...",
  success: "Успех",
  error: "Ошибка",
  updated: "Настройка обновлена успешно",
  updateFailed: "Не удалось обновить настройку",
  unknownTab: "Unknown settings tab",
  unknownAction: "Unknown action",
  answers: {
    unknownKey: "Неизвестная настройка",
    tooLong: "Значение слишком длинное",
    url: "Укажите адрес, начинающийся с http://, https:// или / (путь на сайте)",
    email: "Укажите корректный адрес электронной почты",
    color: "Цвет должен быть в формате #rrggbb",
  },
};
