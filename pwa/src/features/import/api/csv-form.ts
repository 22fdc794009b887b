import type { ImportKind } from '@rollbook/shared-types/import';

/** The file of an upload, sent as multipart/form-data: one CSV file in the field `file`. */
export function csvForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export interface ImportInput {
  kind: ImportKind;
  file: File;
}
