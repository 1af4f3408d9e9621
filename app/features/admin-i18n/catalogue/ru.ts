import { formatNumber, plural } from "../format";
// Areas kept in modules of their own (one per area and language; scripts/dashboard-messages.js reads them).
import { history } from "./ru/history";
import { archive } from "./ru/archive";
import { media } from "./ru/media";
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
import { effective } from "./ru/effective";
import { activity } from "./ru/activity";
import { access } from "./ru/access";
import { login } from "./ru/login";
import { twoFactor } from "./ru/two-factor";
import { team } from "./ru/team";
import { statistics } from "./ru/statistics";
import { settings } from "./ru/settings";
import { releases } from "./ru/releases";
import { menu } from "./ru/menu";
import { content } from "./ru/content";
import { translations } from "./ru/translations";

/**
 * The dashboard's Russian texts: the catalogue every other language follows (./shape.ts). Where the
 * specification gives a Russian text, this is that text, exactly.
 */
export const ru = {
  history,
  archive,
  media,
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
  effective,
  activity,
  access,
  login,
  twoFactor,
  team,
  statistics,
  settings,
  releases,
  menu,
  content,
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
    translated: (p: { complete: number; total: number; percent: string }) =>
      `Переведено: ${formatNumber("ru", p.complete)} из ${formatNumber("ru", p.total)} (${p.percent})`,
    incompleteTitle: (p: { name: string }) => `Опубликовать «${p.name}» с неполным переводом?`,
    incompleteDescription:
      "Посетители увидят непереведённые тексты на языке по умолчанию. Публикация с неполным переводом будет записана в журнал действий.",
    incompleteConfirm: "Опубликовать несмотря на неполный перевод",
    /** The server's answers, shown in the administrator's language. */
    answers: {
      added: "Язык добавлен",
      removed: "Язык удалён",
      defaultChosen: "Язык по умолчанию изменён",
      stateChanged: "Состояние языка изменено",
      unknownCode: "Такого языка нет в списке допустимых",
      malformedCode: "Код языка указан неверно",
      alreadyAdded: "Этот язык уже добавлен",
      notAdded: "Этого языка нет на сайте",
      removeDefault: "Нельзя удалить язык по умолчанию: сначала выберите другой",
      defaultMustBePublic: "Языком по умолчанию может быть только опубликованный язык",
      draftDefault: "Язык по умолчанию нельзя снять с публикации",
      incomplete:
        "Перевод не полный: опубликуйте язык с отметкой «несмотря на неполный перевод» (это попадёт в журнал) или сначала допереведите его",
      invalidRequest: "Неизвестное действие",
      failed: "Не удалось изменить языки сайта",
    },
  },
  releaseComments: {
    releaseThread: "Обсуждение выпуска",
    releaseThreadHint: "Общие замечания к выпуску; замечания к одному изменению пишите рядом с ним.",
    changeThread: (p: { key: string }) => `Обсуждение изменения ${p.key}`,
    removedThreads: "Обсуждения изменений, которых больше нет в выпуске",
    label: "Комментарий",
    changeLabel: (p: { key: string }) => `Комментарий к изменению ${p.key}`,
    add: "Комментировать",
    adding: "Отправка...",
    added: "Комментарий добавлен",
    addFailed: "Не удалось добавить комментарий",
    resolve: "Отметить решённым",
    resolved: "Обсуждение отмечено решённым",
    resolveFailed: "Не удалось отметить обсуждение решённым",
    showResolved: (p: { count: number }) => `Показать решённые (${formatNumber("ru", p.count)})`,
    resolvedBy: (p: { who: string; when: string }) => `Решено: ${p.who}, ${p.when}`,
    none: "Комментариев пока нет.",
    sendBack: "Возврат на доработку",
    readOnly: "Ваша роль не даёт права комментировать выпуски.",
    closed: "Выпуск опубликован или отменён: обсуждение закрыто.",
    bodyRequired: "Напишите комментарий",
    bodyTooLong: "Комментарий: не больше 2000 символов",
    sendBackRequired: "Чтобы вернуть выпуск на доработку, напишите в комментарии, что исправить",
    changeNotStaged: "Такого изменения в выпуске нет",
    threadNotFound: "В этом обсуждении нет нерешённых комментариев",
    notOpen: "Выпуск опубликован или отменён: комментировать его нельзя",
    invalid: "Неверный запрос",
    failed: "Не удалось сохранить комментарий",
    mailSubject: (p: { name: string }) => `Комментарий к выпуску «${p.name}»`,
    mailSendBackSubject: (p: { name: string }) => `Выпуск «${p.name}» возвращён на доработку`,
    mailIntro: (p: { who: string; name: string }) => `${p.who} оставляет комментарий к выпуску «${p.name}».`,
    mailSendBackIntro: (p: { who: string; name: string }) => `${p.who} возвращает выпуск «${p.name}» на доработку.`,
    mailChange: (p: { key: string }) => `Изменение: ${p.key}`,
    mailOpen: (p: { url: string }) => `Открыть выпуск: ${p.url}`,
    mailWhy: "Вы получили это письмо, потому что создали этот выпуск или вносили в него изменения.",
  },
  sso: {
    button: "Войти через SSO",
    or: "или",
    passwordsOff: "Вход по паролю — только для аварийных учётных записей.",
    refusedTitle: "Вход через SSO отклонён",
    refusals: {
      not_configured: "Вход через SSO не настроен.",
      unavailable: "Поставщик входа (SSO) не отвечает. Попробуйте позже; аварийные учётные записи могут войти по паролю.",
      expired: "Вход через SSO не был завершён вовремя. Начните вход заново.",
      state: "Ответ поставщика входа не относится к этому входу. Начните вход заново.",
      cancelled: "Вход отменён у поставщика входа.",
      token: "Ответ поставщика входа не прошёл проверку. Вход отклонён.",
      unverified_email: "Поставщик входа не подтвердил ваш адрес электронной почты. Вход отклонён.",
      domain: "Для адресов этого домена учётные записи не создаются. Попросите администратора прислать приглашение.",
      no_role: "Поставщик входа не назначил вам роль в панели. Попросите администратора прислать приглашение.",
      no_email: "Поставщик входа не сообщил адрес электронной почты. Вход отклонён.",
      password_disabled: "Вход по паролю отключён: войдите через SSO.",
    },
    sameIdentityTitle: "Похоже, у одного человека несколько учётных записей",
    sameIdentity: (p: { emails: string }) =>
      `Учётные записи ${p.emails} относятся к одному человеку у поставщика входа или отличаются только меткой в адресе. Правило четырёх глаз сравнивает людей: оставьте одну учётную запись.`,
  },
  translations,
  upload: {
    upload: "Загрузить изображение",
    uploading: "Загрузка...",
    remove: "Удалить",
    noImage: "Нет изображения",
    notSet: "Не задано: сайт показывает изображение по умолчанию.",
    uploadFor: (p: { section: string }) => `Загрузить ${p.section}`,
  },
};
