// Vitest (Vite) expands import.meta.glob at build time; this declares the one form the tests use.
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
}
