import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationIdFor } from './openapi-operation-id.js';

// The OpenAPI document is generated from the same zod schemas that validate requests; other teams
// generate their clients from it (api/openapi.json, kept current and linted by `pnpm api:contract`).
// OpenAPI 3.1, because its schemas are JSON Schema: a nullable zod union becomes
// `anyOf: [..., { type: 'null' }]`, where 3.0 could only put `nullable` beside no `type`.

// Schemas written once under components and referenced by every operation. The document's own
// registry, not zod's global one, so the response serializer's JSON Schemas stay as they are.
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(ErrorBodySchema, { id: 'ErrorBody' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: componentSchemas });
const addComponentSchemas = createJsonSchemaTransformObject({ schemaRegistry: componentSchemas });

/** The transform adds each component as input and output (ErrorBodyInput, ErrorBody); keep those the paths use. */
function dropUnusedSchemas(doc: ReturnType<typeof addComponentSchemas>): typeof doc {
  const schemas = 'components' in doc ? doc.components?.schemas : undefined;
  if (!schemas) return doc;
  const text = JSON.stringify(doc);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
}

export const openApiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rollbook API', description: 'Course administration for language schools', version: opts.version },
      // Relative: the API is served from the same origin as the document.
      servers: [{ url: '/', description: 'The server this document is served from' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const schema = transformed.schema as { hide?: boolean; operationId?: string };
      if (schema.hide) return transformed;
      return { ...transformed, schema: { ...schema, operationId: schema.operationId ?? operationIdFor(input.url) } };
    },
    transformObject: (documentObject) => dropUnusedSchemas(addComponentSchemas(documentObject)),
  });
  // The docs are public; mark them so the auth hook lets them through.
  app.addHook('onRoute', (route) => {
    if (route.url.toLowerCase().startsWith('/api/docs')) {
      route.config = { ...(route.config as object), public: true };
    }
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
