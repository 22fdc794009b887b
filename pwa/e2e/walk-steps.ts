import type { Locator, Page } from 'playwright-core';
import { menuItem } from './app-driver';
import { waitUntilUserSees } from './user-sees';
import type { Journey, Shows, Step } from './walk-driver';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The steps of the walks (walk-driver.ts), in the words their failure messages use.

/** A desktop sidebar entry. */
export const sideMenu = (label: string, sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does: `clicks ${label} in the menu`,
  act: ({ page, press }) => press(menuItem(page, label)),
  sees,
  at,
  showing,
});

/** A phone's bottom tab. */
export const bottomTab = (label: string, sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does: `taps the ${label} tab at the bottom`,
  act: ({ page, press }) => press(page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: label, exact: true })),
  sees,
  at,
  showing,
});

/** A phone's menu drawer: the menu button, then the entry. */
export const drawerMenu = (label: string, sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does: `opens the menu and taps ${label}`,
  act: async ({ page, press }) => {
    await press(page.getByRole('button', { name: 'Open menu' }));
    return press(menuItem(page, label));
  },
  sees,
  at,
  showing,
});

/** Presses something that opens a page: a row, a link, a tile, a button. */
export const opens = (does: string, target: (page: Page) => Locator, sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does,
  act: ({ page, press }) => press(target(page)),
  sees,
  at,
  showing,
});

/** Presses a link that opens a new window (a printable report): it shows its page; the page it was opened from stays. */
export const opensWindow = (
  does: string,
  target: (page: Page) => Locator,
  opened: Pick<Step, 'sees' | 'at' | 'showing'>,
  sees: string,
  at: string | RegExp,
): Step => ({
  does: `${does}, which opens a new window`,
  act: ({ page, press, inNewWindow }) => inNewWindow(() => press(target(page)), opened),
  sees,
  at,
});

/** A tab (Ionic segment) of the page the user is on: the same page stays, showing the tab's content. */
export const pageTab = (label: string, sees: string, at: string | RegExp, showing: Shows): Step => ({
  does: `opens the ${label} tab`,
  act: ({ page, press }) => press(page.locator('ion-segment-button').filter({ hasText: new RegExp(`^\\s*${escape(label)}\\s*$`) })),
  sees,
  at,
  showing,
});

/**
 * Opens a dialog, sees its header, and closes it with its close button: the page it opened on must
 * show again, heading and all.
 */
export const dialog = (
  does: string,
  opener: (page: Page) => Locator,
  modal: (page: Page) => Locator,
  sees: string,
  at: string | RegExp,
  closeWith: string | RegExp = /^close$/i,
): Step => ({
  does: `${does}, and closes it`,
  act: async ({ page, press }) => {
    await press(opener(page));
    await waitUntilUserSees(modal(page).locator('ion-header'), `the dialog (${modal(page).toString()})`);
    await press(modal(page).getByRole('button', { name: closeWith }));
  },
  sees,
  at,
});

/**
 * Opens a dialog, sees its header, then goes back with the browser's back button (a phone's back
 * gesture): the page before shows, with no dialog of the page left behind over it.
 */
export const backFromDialog = (does: string, opener: (page: Page) => Locator, modal: (page: Page) => Locator, sees: string, at: string | RegExp): Step => ({
  does: `${does}, and goes back with the browser's back button`,
  act: async ({ page, press }) => {
    await press(opener(page));
    await waitUntilUserSees(modal(page).locator('ion-header'), `the dialog (${modal(page).toString()})`);
    await page.goBack();
  },
  sees,
  at,
});

/** Opens the phone's menu drawer, then goes back with the browser's back button: the drawer closes with the page it was opened on. */
export const backFromDrawer = (sees: string, at: string | RegExp): Step => ({
  does: "opens the menu, and goes back with the browser's back button",
  act: async ({ page, press }) => {
    await press(page.getByRole('button', { name: 'Open menu' }));
    await waitUntilUserSees(page.getByRole('navigation', { name: 'Main menu' }), 'the menu');
    await page.goBack();
  },
  sees,
  at,
});

/** Logs out from the top bar, answering YES to the question: the sign-in page shows. */
export const logOut = (): Step => ({
  does: 'clicks Log out and answers YES',
  act: async ({ page, press }) => {
    await press(page.getByRole('button', { name: 'Log out', exact: true }));
    return press(page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'YES', exact: true }));
  },
  sees: 'Log In',
  at: '/login',
});

/** An Ionic dialog by its accessible name. */
export const namedDialog = (name: string | RegExp) => (page: Page) => page.locator('ion-modal').and(page.getByLabel(name, { exact: true }));

export const back = (sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does: "goes back with the browser's back button",
  act: async ({ page }) => {
    await page.goBack();
  },
  sees,
  at,
  showing,
});

export const forward = (sees: string, at: string | RegExp, showing?: Shows): Step => ({
  does: "goes forward with the browser's forward button",
  act: async ({ page }) => {
    await page.goForward();
  },
  sees,
  at,
  showing,
});

/** The locator helpers the walks share. */
export const named = {
  heading: (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, exact: true }),
  region: (name: string) => (page: Page) => page.getByRole('region', { name, exact: true }),
  form: (name: string) => (page: Page) => page.getByRole('form', { name, exact: true }),
  link: (name: string | RegExp) => (page: Page) => page.getByRole('link', { name, exact: true }),
  /** The record heading (h2) naming what was pressed. */
  recordNamed: (page: Page, pressed: string) => page.getByRole('heading', { level: 2, name: pressed, exact: true }),
};

/** The cards of the phone pages (not of a dialog): all of them, and the nth of each list. */
export const phoneCards = (page: Page) => page.locator('ion-router-outlet .mobile-card');
export const phoneCard = (nth: number) => (page: Page) => page.locator(`ion-router-outlet ion-card.mobile-card:nth-of-type(${nth})`);

/** A phone user's home (the teacher's and the student's have the same four tabs), tab by tab. */
export const HOME_TABS: Journey = {
  name: 'through the tabs of their home',
  steps: [
    pageTab('Calendar', 'Home', '/', (page) => page.locator('.calendar-view .fc-col-header-cell')),
    pageTab('Documents', 'Home', '/', named.region('Documents')),
    pageTab('Tests', 'Home', '/', named.region('Tests')),
    pageTab('Courses', 'Home', '/', phoneCards),
  ],
};

/** Every role's last journey: log out, then the back button shows the sign-in page, not a signed-in one. */
export const OUT_OF_THE_APP: Journey = {
  name: 'out of the app',
  steps: [logOut(), back('Log In', /^\/login(\?|$)/)],
};
