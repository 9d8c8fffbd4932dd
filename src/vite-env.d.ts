/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; empty means the page's own origin (API.md, Conventions). */
  readonly VITE_API_URL?: string;
  /** Prefix of the session-storage keys, so that two apps on one origin keep apart. */
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
