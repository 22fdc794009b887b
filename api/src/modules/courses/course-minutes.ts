import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';

// The minutes arithmetic of spec §2.3, §2.4 and §4: a course buys duration classes of
// classLengthTemplate minutes; generated classes may not add up to more than that.

export interface CourseMinutes {
  /** Number of classes bought. */
  duration: number;
  classLengthTemplate: number;
  /** Minutes of the classes generated so far. */
  totalClassLength: number;
}

export const durationMinutes = (c: Pick<CourseMinutes, 'duration' | 'classLengthTemplate'>): number => c.duration * c.classLengthTemplate;

/** What is bought minus what is generated: 0 when they match, negative when over-generated. */
export const timeDiscrepancy = (c: CourseMinutes): number => durationMinutes(c) - c.totalClassLength;

/** The generator's refusal, or null when numberOfClasses × classLength still fits. */
export function generateRefusal(c: CourseMinutes, numberOfClasses: number, classLength: number): string | null {
  const left = timeDiscrepancy(c);
  if (left <= 0) return CLASS_MESSAGES.noMinutes;
  if (numberOfClasses * classLength > left) return CLASS_MESSAGES.notEnoughToGenerate;
  return null;
}

/** The class update's refusal when lengths grow by extraMinutes in all (shrinking is always fine). */
export function lengthChangeRefusal(c: CourseMinutes, extraMinutes: number): string | null {
  if (extraMinutes <= 0) return null;
  return c.totalClassLength + extraMinutes > durationMinutes(c) ? CLASS_MESSAGES.notEnoughMinutes : null;
}

/**
 * Moving a class (to the end of its course) keeps its minutes: by the spec's rule (total plus the
 * change may not exceed what was bought, with a change of 0) it is refused only when the course's
 * classes already add up to more than the course bought.
 */
export function moveRefusal(c: CourseMinutes): string | null {
  return c.totalClassLength > durationMinutes(c) ? CLASS_MESSAGES.notEnoughMinutes : null;
}
