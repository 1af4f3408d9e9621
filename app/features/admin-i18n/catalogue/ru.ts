import { formatNumber, plural } from "../format";

/**
 * The dashboard's Russian texts: the catalogue every other language follows (./shape.ts). Where the
 * specification gives a Russian text, this is that text, exactly.
 */
export const ru = {
  common: {
    loading: "Загрузка...",
    save: "Сохранить",
    saving: "Сохранение...",
    cancel: "Отмена",
    error: "Ошибка",
    success: "Успех",
    unexpected: "Произошла неожиданная ошибка",
    unknown: "—",
  },
  shell: {
    title: "Панель управления",
    sections: "Разделы панели",
    unread: (p: { count: number }) => `${p.count} непрочитанных`,
    logout: "Выйти",
    loggingOut: "Выход...",
    logoutFailed: "Не удалось выйти",
  },
  tabs: {
    content: "Контент сайта",
    menu: "Меню",
    legal: "Юридические страницы",
    fees: "Цены и тарифы",
    settings: "Глобальные настройки",
    other: "Другое",
  },
  language: {
    label: "Язык панели",
    changed: "Язык панели: русский",
    changeFailed: "Не удалось сменить язык",
    unknown: "Неизвестный язык",
  },
  errors: {
    denied: "Доступ запрещён.",
    unexpected: "Произошла неожиданная ошибка.",
    backToLogin: "Вернуться ко входу",
  },
  account: {
    title: "Моя учётная запись",
    description: "Смена пароля завершает все другие сеансы.",
    passwordForm: "Смена пароля",
    currentPassword: "Текущий пароль",
    newPassword: "Новый пароль",
    changePassword: "Сменить пароль",
    currentPasswordRequired: "Введите текущий пароль",
    newPasswordShort: "Новый пароль: минимум 6 символов",
    passwordTooLong: "Пароль слишком длинный",
    passwordChanged: "Пароль изменён",
    otherSessionsEnded: "Другие сеансы завершены",
    passwordChangeFailed: "Не удалось изменить пароль",
    sessions: "Мои сеансы",
    sessionCount: (p: { count: number }) =>
      `${formatNumber("ru", p.count)} ${plural("ru", p.count, { one: "сеанс", few: "сеанса", many: "сеансов", other: "сеанса" })}`,
    thisSession: "этот сеанс",
    unknownAddress: "адрес неизвестен",
    activeAt: (p: { when: string }) => `активен ${p.when}`,
    endSession: "Завершить",
    sessionEnded: "Сеанс завершён",
    sessionEndFailed: "Не удалось завершить сеанс",
    unknownBrowser: "Неизвестный браузер",
    browser: "Браузер",
  },
  upload: {
    upload: "Загрузить изображение",
    uploading: "Загрузка...",
    remove: "Удалить",
    noImage: "Нет изображения",
    notSet: "Не задано: сайт показывает изображение по умолчанию.",
    uploadFor: (p: { section: string }) => `Загрузить ${p.section}`,
  },
};
