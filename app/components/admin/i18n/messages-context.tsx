import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_ADMIN_LANGUAGE, type AdminLanguage } from "~/features/admin-i18n/language";
import { messagesOf, type Catalogue } from "~/features/admin-i18n/messages";

const LanguageContext = createContext<AdminLanguage>(DEFAULT_ADMIN_LANGUAGE);

/** The administrator's language for everything the dashboard renders (set from the /admin loader). */
export function AdminLanguageProvider({ language, children }: { language: AdminLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The dashboard's texts in the administrator's language, and that language (for dates and numbers). */
export function useMessages(): { m: Catalogue; language: AdminLanguage } {
  const language = useContext(LanguageContext);
  return useMemo(() => ({ m: messagesOf(language), language }), [language]);
}
