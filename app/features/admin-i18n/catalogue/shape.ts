import type { ru } from "./ru";

/**
 * A catalogue's shape is the Russian one's: the same namespaces and keys, plain texts where it
 * has texts, and functions taking the same parameters where it formats. `en` is checked against
 * it (`satisfies Catalogue`), so a missing, extra or differently parameterised key in English is
 * a type error; scripts/dashboard-messages.js checks the same for both languages in `npm run lint`.
 */
type Shape<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends (params: infer P) => string ? (params: P) => string : Shape<T[K]>;
};

export type Catalogue = Shape<typeof ru>;
