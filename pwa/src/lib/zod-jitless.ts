import { config } from 'zod';

// zod compiles a fast parser for object schemas with `new Function` when the page allows it, and
// finds out by trying once. Our CSP (script-src 'self', no unsafe-eval) refuses it, so zod falls
// back to the parser it uses anyway, but Chromium reports the refused try as a CSP violation
// (DevTools' Issues panel, which Lighthouse's best practices count). Jitless says so up front:
// no try, no violation, the same parsing. Imported first by main.tsx, before anything parses.
config({ jitless: true });
