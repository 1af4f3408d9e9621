/** How the history names each kind of revision. */
export const revisionActionLabels: Record<string, string> = {
  update: "Изменено",
  create: "Создано",
  delete: "Удалено",
  restore: "Восстановлено",
  initialize: "Инициализация контента",
};

const dateFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** One time zone for server and browser, so the page hydrates as it was rendered. */
export const formatWhen = (iso: string | null) => (iso ? `${dateFormat.format(new Date(iso))} UTC` : "");
