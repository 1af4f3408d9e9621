/**
 * nodemailer, loaded with the first mail: some 10 MB of the server's memory (bench/memory.md) for
 * a site that sends mail only when an SMTP server is configured and something happens.
 */
const mailer = () => import("nodemailer").then((module) => module.default);

export async function sendVerificationMail(input: { smtpUrl: string; from?: string; to: string; url: string }) {
  const transport = (await mailer()).createTransport(input.smtpUrl);
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: "Confirm your administrator account",
    text: `Confirm your e-mail address to finish signing up:\n\n${input.url}\n`,
  });
}

/** Mail servers that stop answering must not hold a notification (and its lease) for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Header text on one line: a name or subject never starts a header of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Tells the company a contact message arrived; replying answers the visitor directly. */
export async function sendContactNotification(input: {
  smtpUrl: string;
  from?: string;
  to: string;
  message: { id: number; name: string; email: string; subject: string; message: string; createdAt: Date };
  inboxUrl?: string;
}) {
  const transport = (await mailer()).createTransport({ url: input.smtpUrl, ...TIMEOUTS });
  const { message } = input;
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    replyTo: { name: oneLine(message.name), address: message.email },
    subject: oneLine(`[Contact] ${message.subject}: ${message.name}`),
    text: [
      `From: ${oneLine(message.name)} <${message.email}>`,
      `Subject: ${message.subject}`,
      `Sent: ${message.createdAt.toISOString()}`,
      "",
      message.message,
      "",
      ...(input.inboxUrl ? [`Inbox: ${input.inboxUrl}`] : []),
    ].join("\n"),
  });
}

export async function sendInvitationMail(input: { smtpUrl: string; from?: string; to: string; url: string; days: number }) {
  const transport = (await mailer()).createTransport(input.smtpUrl);
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: "Приглашение в панель администратора",
    text: `Вас пригласили администратором сайта. Зарегистрируйтесь по ссылке (действует ${input.days} дней, один раз):\n\n${input.url}\n`,
  });
}

/** The reset mail's subject and text (queued in the mail outbox, sent after the answer). */
export const resetMail = (url: string) => ({
  subject: "Сброс пароля панели администратора",
  text: `Чтобы задать новый пароль, откройте ссылку (действует 1 час, один раз):\n\n${url}\n\nЕсли вы не запрашивали сброс, ничего не делайте.\n`,
});

/** Sends one mail of the outbox, with the timeouts that keep a silent mail server from holding it. */
export async function sendOutboxMail(input: { smtpUrl: string; from?: string; to: string; subject: string; text: string }) {
  const transport = (await mailer()).createTransport({ url: input.smtpUrl, ...TIMEOUTS });
  await transport.sendMail({ from: input.from ?? "no-reply@localhost", to: input.to, subject: input.subject, text: input.text });
}

/** Tells an administrator that a scheduled release could not be published. */
export async function sendReleaseFailureMail(input: {
  smtpUrl: string;
  from?: string;
  to: string;
  name: string;
  reason: string;
  url?: string;
}) {
  const transport = (await mailer()).createTransport({ url: input.smtpUrl, ...TIMEOUTS });
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: oneLine(`Выпуск «${input.name}» не опубликован`),
    text: [
      `Запланированная публикация выпуска «${input.name}» не удалась.`,
      "",
      `Причина: ${input.reason}`,
      ...(input.url ? ["", input.url] : []),
    ].join("\n"),
  });
}
