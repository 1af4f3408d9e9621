/**
 * The /admin login screen: sign-in and sign-up tabs and their toasts. It is shown before an
 * account is known, so it speaks the default language, Russian; the texts are the specification's.
 */
export const login = {
  title: "Панель администратора",
  intro: "Войдите, чтобы управлять содержимым сайта.",
  signedInAs: (p: { email: string }) => `Вы вошли как ${p.email}, но у этой учётной записи нет прав администратора.`,
  signIn: { label: "Вход", submit: "Войти", busy: "Вход..." },
  signUp: { label: "Регистрация", submit: "Зарегистрироваться", busy: "Регистрация..." },
  email: "Email",
  password: "Пароль",
  minimum: (p: { count: number }) => `Минимум ${p.count} символов`,
  invited: "Вас пригласили администратором: после регистрации откроется панель.",
  firstIsAdmin: "Первый зарегистрированный пользователь автоматически становится администратором.",
  closed: "Регистрация только по приглашению",
  closedHint: "Учётные записи создаются по приглашению: попросите администратора сайта прислать вам ссылку-приглашение.",
  signedUp: "Регистрация успешна",
  confirmMail: "Проверьте почту для подтверждения аккаунта",
  signedUpIn: "Учётная запись создана, вы вошли в систему",
  error: "Ошибка",
  unexpected: "Произошла неожиданная ошибка",
  failures: {
    login: "Ошибка входа",
    signup: "Ошибка регистрации",
    reset: "Не удалось сменить пароль",
    forgot: "Не удалось отправить ссылку",
    "sign-in-code": "Ошибка входа",
  },
};
