import { describe, expect, it } from 'vitest';
import { operationIdFor } from '../../src/plugins/openapi-operation-id.js';
import { renamedOperationIds } from '../../scripts/contract-renames.js';

describe('operationIdFor', () => {
  it.each([
    ['/api/courses/GetById', 'coursesGetById'],
    ['/api/courses/getall', 'coursesGetAll'],
    ['/api/teachers/getteacherbyid', 'teachersGetTeacherById'],
    ['/api/notes/deletenotebyid', 'notesDeleteNoteById'],
    ['/api/staticdata/getalldayweeks', 'staticDataGetAllDayWeeks'],
    ['/api/StaticData/GetAllNationalities', 'staticDataGetAllNationalities'],
    ['/api/courseTypes/getall', 'courseTypesGetAll'],
    ['/api/classes/applyToSeries', 'classesApplyToSeries'],
    ['/api/users/authenticate', 'usersAuthenticate'],
  ])('names %s %s', (path, id) => {
    expect(operationIdFor(path)).toBe(id);
  });

  it('keeps a lowercase run whole when it is not made entirely of known words', () => {
    expect(operationIdFor('/api/classes/getbyroomid')).toBe('classesGetbyroomid');
    expect(operationIdFor('/api/classes/deletebyids')).toBe('classesDeletebyids');
  });
});

describe('renamedOperationIds', () => {
  const doc = (ids: Record<string, string>) => ({
    paths: Object.fromEntries(Object.entries(ids).map(([path, operationId]) => [path, { get: { operationId } }])),
  });

  it('reports an operation whose published id changes, and ignores added or removed operations', () => {
    const published = doc({ '/api/a/GetAll': 'aGetAll', '/api/b/Gone': 'bGone' });
    const next = doc({ '/api/a/GetAll': 'aList', '/api/c/New': 'cNew' });
    expect(renamedOperationIds(published, next)).toEqual([{ method: 'get', path: '/api/a/GetAll', before: 'aGetAll', after: 'aList' }]);
    expect(renamedOperationIds(published, published)).toEqual([]);
  });
});
