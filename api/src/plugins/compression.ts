import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Answers of 1 KB or more are compressed (brotli, else gzip) for clients that ask. Why: a
// teacher's first pull is ~170 KB of JSON and an admin's course list ~600 KB at a school chain's
// size; on a phone's mobile connection that is seconds, compressed a tenth of it (Lighthouse
// flagged the pull). Brotli at quality 4 (the plugin's default) costs about what gzip does.
// Smaller answers (a sign-in with its token among them) are sent as they are. The PWA's built
// files come pre-compressed from static-pwa; the notices stream (text/event-stream) is never
// compressed, so each event reaches the browser when it is written.
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
});
