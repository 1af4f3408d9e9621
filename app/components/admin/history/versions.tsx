import { createContext, useContext } from "react";

/**
 * The version of every card a tab shows (the id of its newest revision, 0 for none), given
 * by the tab's loader, so each editor sends the version it was opened with.
 */
export const VersionsContext = createContext<Record<string, number>>({});

export const useVersion = (key: string) => useContext(VersionsContext)[key] ?? 0;
