import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import {
  AddressesByCompanyQuerySchema, AddressIdQuerySchema, AddressListSchema, AddressSchema, AddressUpsertRequestSchema, CompanyByIdQuerySchema,
  CompanyDeleteResponseSchema, CompanyListQuerySchema, CompanyListResponseSchema, CompanySchema, CompanyUpsertRequestSchema,
} from '@rollbook/shared-types/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import { listAddresses } from './companies.repository.js';
import { deleteAddress, deleteCompany, getAddress, getCompany, getCompanyList, upsertAddress, upsertCompany } from './companies.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['companies'];

// Companies are the school's customers: admin only. Teachers and students see a company's name on
// their classes and courses, which those calls already carry.
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/companies/GetAll', {
    config: { roles: ADMIN },
    schema: {
      tags,
      summary: 'Companies: every match by name (pickers), or with page/pageSize one page, sorted, with the total',
      querystring: CompanyListQuerySchema,
      response: { 200: CompanyListResponseSchema, ...errors },
    },
    handler: async (request) => getCompanyList(app.db, request.query),
  });

  app.get('/api/companies/getbyid', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'One company with its primary address and contacts', querystring: CompanyByIdQuerySchema, response: { 200: CompanySchema, ...errors } },
    handler: async (request) => getCompany(app.db, request.query.id),
  });

  app.post('/api/companies/upsert', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Save a company with its primary address and contacts', body: CompanyUpsertRequestSchema, response: { 200: CompanySchema, ...errors } },
    handler: async (request) => upsertCompany(app.db, request.body),
  });

  app.get('/api/companies/delete', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Delete a company that nothing uses', querystring: IdQuerySchema, response: { 200: CompanyDeleteResponseSchema, ...errors } },
    handler: async (request) => deleteCompany(app.db, request.query.id),
  });

  app.get('/api/companies/GetAddressById', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'One address', querystring: AddressIdQuerySchema, response: { 200: AddressSchema, ...errors } },
    handler: async (request) => getAddress(app.db, request.query.addressId),
  });

  app.get('/api/companies/GetAllByCompanyId', {
    config: { roles: ADMIN },
    schema: { tags, summary: "A company's addresses (primary first)", querystring: AddressesByCompanyQuerySchema, response: { 200: AddressListSchema, ...errors } },
    handler: async (request) => listAddresses(app.db, request.query.companyId, request.query.onlySecondary ?? false),
  });

  app.post('/api/companies/UpsertCompanyAddress', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Add or change a secondary address', body: AddressUpsertRequestSchema, response: { 200: AddressSchema, ...errors } },
    handler: async (request) => upsertAddress(app.db, request.body),
  });

  app.get('/api/companies/DeleteCompanyAddress', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Delete a secondary address no course uses', querystring: AddressIdQuerySchema, response: { 200: CompanyDeleteResponseSchema, ...errors } },
    handler: async (request) => deleteAddress(app.db, request.query.addressId),
  });
};
