import { releases } from "~/features/admin-i18n/catalogue/ru/releases";

/** What the releases feature tells administrators (refusals, confirmations): the catalogue's Russian texts, shown in the administrator's language. */
export const releaseMessages = releases.answers;
