import { formatNumber, plural } from "../format";
// Areas kept in modules of their own (one per area and language; scripts/dashboard-messages.js reads them).
import { history } from "./ru/history";
import { seo } from "./ru/seo";
import { redirects } from "./ru/redirects";
import { pages } from "./ru/pages";
import { passwordReset } from "./ru/password-reset";
import { other } from "./ru/other";
import { pageLinks } from "./ru/page-links";
import { backups } from "./ru/backups";
import { inbox } from "./ru/inbox";
import { legal } from "./ru/legal";
import { fees } from "./ru/fees";
import { activity } from "./ru/activity";

/**
 * The dashboard's Russian texts: the catalogue every other language follows (./shape.ts). Where the
 * specification gives a Russian text, this is that text, exactly.
 */
export const ru = {
  history,
  seo,
  redirects,
  pages,
  passwordReset,
  other,
  pageLinks,
  backups,
  inbox,
  legal,
  fees,
  activity,
  common: {
    loading: "Загрузка...",
    save: "Сохранить",
    saving: "Сохранение...",
    cancel: "Отмена",
    error: "Ошибка",
    done: "Готово",
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
  edge: {
    title: "Кэш CDN",
    failedToLoad: "Не удалось загрузить состояние кэша CDN",
    lastPurge: (p: { when: string }) => `Последний сброс: ${p.when}`,
    noPurgeYet: "Сбросов ещё не было",
    queued: (p: { count: number }) => ` · в очереди: ${formatNumber("ru", p.count)}`,
    failing: (p: { since: string; error: string; attempts: number }) =>
      `Сброс не удаётся с ${p.since}: ${p.error} (попыток: ${formatNumber("ru", p.attempts)}). Сайт повторяет его, пока кэш не ответит.`,
    enabled: (p: { maxAge: string; staleIfError: string }) =>
      `Публичные страницы хранятся в кэше CDN до ${p.maxAge}; пока сайт недоступен, кэш отдаёт их ещё ${p.staleIfError} после этого срока. После каждого изменения сбрасываются только страницы, которые его показывают.`,
    disabled: "Кэш CDN не настроен: страницы отдаёт сам сайт (переменные EDGE_… в docs/operations.md).",
    purges: "Сброс кэша",
    noTargets: "Адреса для сброса не заданы: кэш обновляет страницы по истечении срока.",
    edges: "Кэши CDN",
    days: (p: { count: number }) => `${p.count} сут.`,
    hours: (p: { count: number }) => `${p.count} ч`,
    minutes: (p: { count: number }) => `${p.count} мин`,
    seconds: (p: { count: number }) => `${p.count} с`,
  },
  locales: {
    title: "Языки",
    failedToLoad: "Не удалось загрузить языки сайта",
    description:
      "Язык по умолчанию открывается по адресам без префикса; другие языки — под своим префиксом, например /de/fees. Черновик языка виден только в предпросмотре.",
    siteLocales: "Языки сайта",
    isDefault: "По умолчанию · ",
    published: "Опубликован",
    draft: "Черновик: только в предпросмотре",
    addTitle: "Добавить язык",
    addDescription: "Новый язык добавляется черновиком.",
    language: "Язык",
    add: "Добавить",
    unpublish: (p: { name: string }) => `Снять с публикации: ${p.name}`,
    publish: (p: { name: string }) => `Опубликовать: ${p.name}`,
    makeDefault: (p: { name: string }) => `Сделать основным: ${p.name}`,
    remove: (p: { name: string }) => `Удалить: ${p.name}`,
    removeTitle: (p: { name: string }) => `Удалить язык «${p.name}»?`,
    removeDescription: "Язык исчезнет с сайта. Его тексты сохранятся и вернутся, если добавить язык снова.",
    removeConfirm: "Удалить",
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
