import type { GdprConsentItem } from '@rollbook/shared-types/people';
import type { Db } from '../../db/create-db.js';

/** Every consent type with the user's answer (false when never given), in the school's order. */
export async function consentsOfUser(db: Db, userId: number): Promise<GdprConsentItem[]> {
  return db
    .selectFrom('gdprConsentTypes')
    .leftJoin('gdprConsents', (join) => join.onRef('gdprConsents.code', '=', 'gdprConsentTypes.code').on('gdprConsents.userId', '=', userId))
    .select((eb) => ['gdprConsentTypes.code', 'gdprConsentTypes.name', eb.fn.coalesce('gdprConsents.consent', eb.lit(false)).as('consent')])
    .orderBy('gdprConsentTypes.sortOrder')
    .orderBy('gdprConsentTypes.code')
    .execute();
}

/** Only the consents the user has actually recorded (the admin's GDPR panel: empty means "updated by user"). */
export async function recordedConsentsOfUser(db: Db, userId: number | null): Promise<GdprConsentItem[]> {
  if (userId === null) return [];
  return db
    .selectFrom('gdprConsents')
    .innerJoin('gdprConsentTypes', 'gdprConsentTypes.code', 'gdprConsents.code')
    .select(['gdprConsents.code', 'gdprConsentTypes.name', 'gdprConsents.consent'])
    .where('gdprConsents.userId', '=', userId)
    .orderBy('gdprConsentTypes.sortOrder')
    .orderBy('gdprConsents.code')
    .execute();
}

export async function setConsent(db: Db, userId: number, code: string, consent: boolean): Promise<void> {
  await db
    .insertInto('gdprConsents')
    .values({ userId, code, consent })
    .onConflict((oc) => oc.columns(['userId', 'code']).doUpdateSet({ consent, updatedAt: new Date() }))
    .execute();
}

export async function consentTypeExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('gdprConsentTypes').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}
