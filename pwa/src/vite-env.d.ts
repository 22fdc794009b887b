/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Unique id of this build; the same value is written to dist/version.json. */
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
