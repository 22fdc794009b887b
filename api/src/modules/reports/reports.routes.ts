import type { FastifyPluginAsync } from 'fastify';
import { reportExportsRoutes } from './report-exports.routes.js';
import { settlementRoutes } from './settlement.routes.js';

/** /api/reports/*: settlement reports, printable reports and exports. Needs the notices plugin first (its hub). */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  if (!app.hasDecorator('noticeHub')) throw new Error('register noticesRoutes before reportsRoutes');
  await app.register(settlementRoutes);
  await app.register(reportExportsRoutes);
};
