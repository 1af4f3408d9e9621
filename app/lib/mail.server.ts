import nodemailer from "nodemailer";

export async function sendVerificationMail(input: {
  smtpUrl: string;
  from?: string;
  to: string;
  url: string;
}) {
  const transport = nodemailer.createTransport(input.smtpUrl);
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: "Confirm your administrator account",
    text: `Confirm your e-mail address to finish signing up:\n\n${input.url}\n`,
  });
}

export async function sendInvitationMail(input: { smtpUrl: string; from?: string; to: string; url: string; days: number }) {
  const transport = nodemailer.createTransport(input.smtpUrl);
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: "Приглашение в панель администратора",
    text: `Вас пригласили администратором сайта. Зарегистрируйтесь по ссылке (действует ${input.days} дней, один раз):\n\n${input.url}\n`,
  });
}

export async function sendResetMail(input: { smtpUrl: string; from?: string; to: string; url: string }) {
  const transport = nodemailer.createTransport(input.smtpUrl);
  await transport.sendMail({
    from: input.from ?? "no-reply@localhost",
    to: input.to,
    subject: "Сброс пароля панели администратора",
    text: `Чтобы задать новый пароль, откройте ссылку (действует 1 час, один раз):\n\n${input.url}\n\nЕсли вы не запрашивали сброс, ничего не делайте.\n`,
  });
}
