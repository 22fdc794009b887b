/** A positive whole id from the query string, else null. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name)?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** isTeacher=true (any case) or 1. */
export function flagParam(params: URLSearchParams, name: string): boolean {
  const text = params.get(name)?.trim().toLowerCase();
  return text === 'true' || text === '1';
}
