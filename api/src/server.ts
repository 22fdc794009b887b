import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open-database.js';

const config = loadConfig();
const handle = await openDatabase(config);
const app = await buildApp({ config, db: handle.db });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Rollbook is running at http://localhost:${config.port} (${handle.kind} database)`);
