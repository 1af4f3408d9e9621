/** The password reset on the login screen: the form a reset link opens, and 'Забыли пароль?'. */
export const passwordReset = {
  title: "Сброс пароля",
  newPassword: "Новый пароль",
  minimum: (p: { count: number }) => `Минимум ${p.count} символов`,
  save: "Сохранить пароль",
  backToLogin: "Вернуться ко входу",
  forgot: "Забыли пароль?",
  email: "Email для ссылки сброса",
  send: "Отправить ссылку",
};
