import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered (docs/decisions/031). The server
 * render provides it; in the browser it is empty, which is fine: the scripts it marks have run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
