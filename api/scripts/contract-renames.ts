// Generated clients call operations by operationId, so an id once published in api/openapi.json
// must not change; api:contract compares the new document with the committed one before writing.
type Operations = Record<string, Record<string, { operationId?: string }>>;
type OpenApiDocument = { paths?: unknown };

export interface OperationIdRename {
  method: string;
  path: string;
  before: string | undefined;
  after: string | undefined;
}

/** Operations present in both documents whose operationId differs. */
export function renamedOperationIds(published: OpenApiDocument, next: OpenApiDocument): OperationIdRename[] {
  const before = (published.paths ?? {}) as Operations;
  const after = (next.paths ?? {}) as Operations;
  const renames: OperationIdRename[] = [];
  for (const [path, methods] of Object.entries(before)) {
    for (const [method, operation] of Object.entries(methods)) {
      const nextOperation = after[path]?.[method];
      if (nextOperation && nextOperation.operationId !== operation.operationId) {
        renames.push({ method, path, before: operation.operationId, after: nextOperation.operationId });
      }
    }
  }
  return renames;
}
