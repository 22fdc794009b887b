import { describe, expect, it } from 'vitest';
import { auditPage, describeFailures, type CategoryId } from '../../bench/src/pwa/lighthouse-audit';
import { baseUrl } from './app-driver';

// PWA budget: Lighthouse (mobile preset, Debian's Chromium) accessibility and best
// practices on the two pages most used — the teacher's week on a phone and the admin courses list.
// These scores are not timings, so they are checked here; performance (a timing) is measured by
// `pnpm bench` (bench/src/pwa), never by a test.

const MINIMUM = 95;
const CATEGORIES: CategoryId[] = ['accessibility', 'best-practices'];

const PAGES = [
  { name: "the teacher's classes page", username: 'teacher', path: '/teachers/classesmobile' },
  { name: 'the admin courses list', username: 'admin', path: '/courses' },
];

describe('Lighthouse quality of the main pages', () => {
  for (const { name, username, path } of PAGES) {
    it(`scores at least ${MINIMUM} for accessibility and best practices on ${name}`, async () => {
      const result = await auditPage({ baseUrl: baseUrl(), username, path }, CATEGORIES);
      for (const category of CATEGORIES) {
        const score = result.scores[category] ?? 0;
        expect(score, `${category} of ${path} is ${score}; failing audits:\n${describeFailures(result, category)}`).toBeGreaterThanOrEqual(MINIMUM);
      }
    }, 180_000);
  }
});
