import { en } from "./catalogue/en";
import { ru } from "./catalogue/ru";
import type { Catalogue } from "./catalogue/shape";
import type { AdminLanguage } from "./language";

export type { Catalogue } from "./catalogue/shape";

const catalogues: Record<AdminLanguage, Catalogue> = { ru, en };

/**
 * A message a feature answered with (a refusal, a schema's problem), in the administrator's
 * language: the features' messages are the Russian catalogue's texts (`ru.account.newPasswordShort`),
 * so the same key's text in the language. A text the catalogue does not hold is returned as it is.
 */
export function inLanguage<T extends string | undefined>(language: AdminLanguage, text: T): T {
  if (language === "ru" || !text) return text;
  const path = russianIndex().get(text);
  if (!path) return text;
  let value: unknown = catalogues[language];
  for (const key of path) value = (value as Record<string, unknown>)[key];
  return (typeof value === "string" ? value : text) as T;
}

let index: Map<string, string[]> | undefined;
function russianIndex() {
  if (index) return index;
  index = new Map();
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") {
        if (!index!.has(value)) index!.set(value, [...path, key]);
      } else if (value && typeof value === "object") walk(value as Record<string, unknown>, [...path, key]);
    }
  };
  walk(ru, []);
  return index;
}

/** The dashboard's texts in a language. Imported by dashboard code only: no public page links it (tests/e2e/js-budget.spec.ts). */
export const messagesOf = (language: AdminLanguage): Catalogue => catalogues[language];
