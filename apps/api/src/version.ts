// Set by the build (esbuild define); "dev" when running from source.
declare const __API_VERSION__: string | undefined;
export const version = typeof __API_VERSION__ === "string" ? __API_VERSION__ : "dev";
