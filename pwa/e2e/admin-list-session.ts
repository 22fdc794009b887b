import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiSignIn, type StoredUser } from './api-driver';
import { launchBrowser, openApp, recordRequests, signIn, type AppPage } from './app-driver';

export interface AdminListSession {
  browser: Browser;
  /** The admin's signed-in page in the file's own Chromium. */
  admin: AppPage;
  /** The admin signed in through the API, for the answers the page is compared with. */
  adminApi: StoredUser;
  /** Every request the page made to the list's path. */
  listRequests: URL[];
}

/**
 * The set-up the list tests share: the admin signed in through the API and in a Chromium of the
 * file's own, recording the page's requests to `listPath`. `prepare` runs after the API sign-in and
 * before the browser opens (data the list should hold). Registers the file's hooks; the fields are
 * there once beforeAll has run.
 */
export function useAdminListSession(listPath: string, prepare?: (adminApi: StoredUser) => Promise<unknown>): AdminListSession {
  const session = {} as AdminListSession;
  beforeAll(async () => {
    session.adminApi = await apiSignIn('admin');
    await prepare?.(session.adminApi);
    session.browser = await launchBrowser();
    session.admin = await openApp(session.browser);
    session.listRequests = recordRequests(session.admin.page, listPath);
    await signIn(session.admin.page, 'admin');
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
