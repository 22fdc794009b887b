/**
 * The OpenAPI operationId of a route, derived from its path alone: the segments after /api, each
 * starting with a capital, the first with a small letter (`/api/courses/GetById` → `coursesGetById`).
 * Clients generated from the document name their functions after these ids, so an id depends on
 * nothing but its own path: adding or removing other routes never changes it. A second method on
 * a path already taken declares its own `operationId` in its route schema (the openapi tests
 * refuse duplicates), and api:contract refuses to change an id the committed document published.
 */
export function operationIdFor(path: string): string {
  const segments = path.replace(/^\/api\//i, '').split(/[/_.-]+/).filter(Boolean);
  const words = segments.flatMap((segment) => (segment === segment.toLowerCase() ? splitLowercase(segment) : [segment]));
  const [first = '', ...rest] = words.map(capitalise);
  return lowerFirst(first) + rest.join('');
}

// The spec writes some paths in one lowercase run (getall, getteacherbyid, staticdata). These are
// the words those runs are made of, so the ids read `coursesGetAll`, not `coursesGetall`. A run that
// is not made entirely of these words stays one word. Adding a word can rename an existing id; the
// committed api/openapi.json check shows that, and api:contract refuses it.
const LOWERCASE_RUN_WORDS = [
  'all', 'by', 'class', 'company', 'course', 'data', 'day', 'delete', 'get', 'id',
  'note', 'save', 'schedules', 'static', 'teacher', 'update', 'weeks',
];

/** Splits a lowercase run into known words, longest first word first; unsplittable runs stay whole. */
function splitLowercase(run: string): string[] {
  if (run === '') return [];
  const candidates = LOWERCASE_RUN_WORDS.filter((word) => run.startsWith(word)).sort((a, b) => b.length - a.length);
  for (const word of candidates) {
    const tail = run.slice(word.length);
    if (tail === '') return [word];
    const restWords = splitLowercase(tail);
    if (restWords.length > 1 || LOWERCASE_RUN_WORDS.includes(restWords[0] ?? '')) return [word, ...restWords];
  }
  return [run];
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const lowerFirst = (word: string) => word.charAt(0).toLowerCase() + word.slice(1);
