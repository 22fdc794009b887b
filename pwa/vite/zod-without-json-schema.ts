import type { Plugin } from 'vite';

/**
 * Leaves zod's JSON-schema conversion out of the PWA build (~6 KB gzipped that the teacher's phone
 * downloaded before their week showed, inside its 250 KB budget).
 *
 * Why: zod's classic schemas wire `toJSONSchema()` and Standard Schema's `jsonSchema` into every
 * schema type, so the converter is bundled even though the PWA never converts a schema (it only
 * parses). This rewrites, in zod's classic/schemas.js only, the converter calls into a function
 * that throws a clear error, so the bundler can drop the converter; parsing, error messages and
 * the `aggregateChecks` helper (minLength, minValue…) stay as they are. Build only: dev and unit
 * tests use zod untouched. The build fails loudly if a new zod no longer matches.
 */

const UNAVAILABLE = '__rollbook_jsonSchemaUnavailable';
const UNAVAILABLE_FUNCTION = `function ${UNAVAILABLE}() { return () => { throw new Error('JSON schema conversion is not bundled in the Rollbook PWA (vite/zod-without-json-schema.ts)'); }; }`;

/** Rewrites zod's classic/schemas.js source; throws when its shape has changed. */
export function withoutJsonSchema(code: string): string {
  const converterImport = /^import \{ createStandardJSONSchemaMethod, createToJSONSchemaMethod \} from "\.\.\/core\/to-json-schema\.js";$/m;
  const processorCall = /\bprocessors\.(\w+Processor)\(inst, ctx, json, params\)/g;
  if (!converterImport.test(code) || !processorCall.test(code)) {
    throw new Error('zod/v4/classic/schemas.js no longer matches: update vite/zod-without-json-schema.ts');
  }
  return code
    .replace(converterImport, UNAVAILABLE_FUNCTION)
    .replace(/\bcreate(?:Standard|To)JSONSchemaMethod\(/g, `${UNAVAILABLE}(`)
    .replace(processorCall, `${UNAVAILABLE}()()`);
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'rollbook-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(id)) return null;
      return { code: withoutJsonSchema(code), map: null };
    },
  };
}
