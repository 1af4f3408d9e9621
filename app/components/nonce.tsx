import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this request, for inline scripts rendered on the server. */
export function useNonce() {
  return useContext(NonceContext);
}
