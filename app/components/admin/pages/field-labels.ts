/** The editor's label for each block field name (the field names are the schemas' keys). */
export const fieldLabels: Record<string, string> = {
  badge: "Метка",
  title: "Заголовок",
  subtitle: "Подзаголовок",
  text: "Текст",
  primaryText: "Текст основной кнопки",
  primaryUrl: "Ссылка основной кнопки",
  secondaryText: "Текст второй кнопки",
  secondaryUrl: "Ссылка второй кнопки",
  point1: "Пункт 1",
  point2: "Пункт 2",
  point3: "Пункт 3",
  image: "Изображение",
  imageSide: "Изображение слева или справа",
  html: "Текст (заголовки, абзацы, списки, ссылки)",
  buttonText: "Текст кнопки",
  buttonUrl: "Ссылка кнопки",
  items: "Элементы",
  description: "Описание",
  question: "Вопрос",
  answer: "Ответ",
  store1: "Магазин приложений 1",
  store2: "Магазин приложений 2",
};

/** Fields edited in a multi-line box. */
export const longFields = new Set(["text", "subtitle", "description", "answer"]);

/** Fields holding HTML, edited in the legal pages' rich-text editor (the server sanitises them). */
export const richTextFields = new Set(["html"]);

export const choiceLabels: Record<string, string> = { left: "Слева", right: "Справа" };
