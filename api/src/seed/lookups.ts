import { NATIONALITIES } from './names.js';
import type { SeedContext } from './seed-plan.js';

// course_types, schedules, day_weeks and gdpr_consent_types come with the migrations.
export const SUBJECTS = [
  { name: 'English', color: '#1E88E5', weight: 30, levels: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] },
  { name: 'Spanish', color: '#E53935', weight: 12, levels: ['A1', 'A2', 'B1', 'B2'] },
  { name: 'French', color: '#3949AB', weight: 10, levels: ['A1', 'A2', 'B1', 'B2', 'C1'] },
  { name: 'German', color: '#FDD835', weight: 8, levels: ['A1', 'A2', 'B1', 'B2'] },
  { name: 'Italian', color: '#43A047', weight: 6, levels: ['A1', 'A2', 'B1'] },
  { name: 'Mandarin', color: '#D81B60', weight: 7, levels: ['A1', 'A2', 'B1'] },
  { name: 'Business English', color: '#00897B', weight: 15, levels: ['B1', 'B2', 'C1'] },
  { name: 'IELTS Preparation', color: '#8E24AA', weight: 12, levels: ['B2', 'C1'] },
] as const;

export type SubjectName = (typeof SUBJECTS)[number]['name'];

export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type LevelName = (typeof LEVELS)[number];

export type AvatarGender = 'male' | 'female' | 'neutral';

export interface Lookups {
  subjectId: Record<SubjectName, number>;
  levelId: Record<LevelName, number>;
  nationalityId: Record<string, number>;
  /** Avatar ids by gender. */
  avatars: Record<AvatarGender, number[]>;
}

const AVATAR_GENDERS: AvatarGender[] = [
  'male', 'male', 'male', 'male', 'male', 'female', 'female', 'female', 'female', 'female', 'neutral', 'neutral',
];

export function planLookups(ctx: SeedContext): Lookups {
  const { rows } = ctx;
  const lookups: Lookups = {
    subjectId: {} as Record<SubjectName, number>,
    levelId: {} as Record<LevelName, number>,
    nationalityId: {},
    avatars: { male: [], female: [], neutral: [] },
  };
  SUBJECTS.forEach((s, i) => {
    rows.subjects.push({ subjectId: i + 1, name: s.name, color: s.color });
    lookups.subjectId[s.name] = i + 1;
  });
  LEVELS.forEach((name, i) => {
    rows.courseLevels.push({ courseLevelId: i + 1, name, sortOrder: i + 1 });
    lookups.levelId[name] = i + 1;
  });
  NATIONALITIES.forEach((name, i) => {
    rows.nationalities.push({ nationalityId: i + 1, name });
    lookups.nationalityId[name] = i + 1;
  });
  AVATAR_GENDERS.forEach((gender, i) => {
    rows.avatars.push({ avatarId: i + 1, imageName: `/avatars/avatar-${i + 1}.svg?size={size}`, gender });
    lookups.avatars[gender].push(i + 1);
  });
  return lookups;
}

/** An avatar matching a gender id (1 male, 2 female, else neutral). */
export function avatarFor(lookups: Lookups, genderId: number, index: number): number {
  const list = genderId === 1 ? lookups.avatars.male : genderId === 2 ? lookups.avatars.female : lookups.avatars.neutral;
  return list[index % list.length] as number;
}
