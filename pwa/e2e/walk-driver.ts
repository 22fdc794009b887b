import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, openApp, PHONE, signIn, type AppPage } from './app-driver';
import { waitUntilPageHeadingIs, waitUntilUserSees } from './user-sees';

// The walks (walk-*.test.ts): a user signs in and moves through the app only by clicking (tapping
// on a phone), as tables of steps. After every step the user must see the page's heading alone
// (and what the step names), the console must stay free of errors and no answer may be a 5xx.

export const DESKTOP_1366 = { ...DESKTOP, viewport: { width: 1366, height: 768 } };

export interface Walker {
  page: Page;
  /** Presses what the user sees of the target (a click on the desktop, a tap on the phone); returns its text. */
  press(target: Locator): Promise<string>;
  /** Does `open`, which opens a new window, checks what that window shows as a step's page, and closes it. */
  inNewWindow(open: () => Promise<unknown>, expected: Pick<Step, 'sees' | 'at' | 'showing'>): Promise<void>;
}

export type Shows = (page: Page, pressed: string) => Locator;

export interface Step {
  /** What the user does, as a failure names it: "clicks the first student". */
  does: string;
  /** Does it; returns the text of what was pressed last (a name the next page should show). */
  act(walker: Walker): Promise<string | void>;
  /** The heading of the page they then see. */
  sees: string;
  /** The address they are then at (path, and query if any). */
  at: string | RegExp;
  /** Something more the page must show them: the tab's content, a list's rows, the name they pressed. */
  showing?: Shows;
}

export interface Journey {
  name: string;
  steps: Step[];
}

export interface Role {
  username: string;
  device: 'desktop' | 'phone';
}

/** One browser context for a role's whole walk, signed in through the form. */
export class Walk {
  private readonly serverErrors: string[] = [];

  private constructor(
    private readonly role: Role,
    private readonly app: AppPage,
  ) {
    app.context.on('response', (response) => {
      if (response.status() >= 500) this.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
  }

  /** Opens the role's browser context and signs in through the form, which must go cleanly too. */
  static async start(browser: Browser, role: Role, baseURL: string): Promise<Walk> {
    const app = await openApp(browser, { ...(role.device === 'desktop' ? DESKTOP_1366 : PHONE), baseURL });
    const walk = new Walk(role, app);
    await signIn(app.page, role.username);
    const trouble = [...app.errors, ...walk.serverErrors];
    if (trouble.length > 0) throw new Error(`${role.username} (${role.device}) signing in: ${trouble.join(' | ')}`);
    return walk;
  }

  close(): Promise<void> {
    return this.app.context.close();
  }

  /** Takes the journey's steps in order; the first step the user cannot complete fails it, named. */
  async take(journey: Journey): Promise<void> {
    const { page, errors } = this.app;
    const walker: Walker = {
      page,
      // The user presses what they see: never an element of a page Ionic keeps hidden or fades out.
      press: async (target) => {
        const seen = target.nth(await waitUntilUserSees(target, `${target.toString()} to press`));
        // Its words, or for an icon button its accessible name: what the next page should be about.
        const text = await seen.evaluate((element) => (element as HTMLElement).innerText.trim() || (element.getAttribute('aria-label') ?? ''));
        await (this.role.device === 'phone' ? seen.tap() : seen.click());
        return text;
      },
      inNewWindow: async (open, expected) => {
        const [opened] = await Promise.all([page.context().waitForEvent('page'), open()]);
        const windowErrors: string[] = [];
        opened.on('console', (message) => {
          if (message.type() === 'error') windowErrors.push(message.text());
        });
        opened.on('pageerror', (error) => windowErrors.push(error.message));
        try {
          await waitForAddress(opened, expected.at);
          await waitUntilPageHeadingIs(opened, expected.sees);
          if (expected.showing) await waitUntilUserSees(expected.showing(opened, ''), `what the new window shows`);
          if (windowErrors.length > 0) throw new Error(`the console shows ${windowErrors.join(' | ')}`);
        } catch (error) {
          throw new Error(`in the new window at ${opened.url()}: ${(error as Error).message}`, { cause: error });
        } finally {
          await opened.close();
        }
      },
    };
    for (const [index, step] of journey.steps.entries()) {
      const where = () => {
        const url = new URL(page.url());
        return `${this.role.username} (${this.role.device}), "${journey.name}" step ${index + 1}/${journey.steps.length} "${step.does}", at ${url.pathname}${url.search}`;
      };
      const consoleBefore = errors.length;
      const serverBefore = this.serverErrors.length;
      try {
        const pressed = (await step.act(walker)) ?? '';
        await waitForAddress(page, step.at);
        await waitUntilPageHeadingIs(page, step.sees);
        if (step.showing) {
          const more = step.showing(page, pressed);
          await waitUntilUserSees(more, `what the step shows (${more.toString()})`);
        }
      } catch (error) {
        throw new Error(`${where()}: ${(error as Error).message}`, { cause: error });
      }
      if (errors.length > consoleBefore) throw new Error(`${where()}: the console shows ${errors.slice(consoleBefore).join(' | ')}`);
      if (this.serverErrors.length > serverBefore) {
        throw new Error(`${where()}: the server answered ${this.serverErrors.slice(serverBefore).join(' | ')}`);
      }
    }
  }
}

async function waitForAddress(page: Page, at: string | RegExp): Promise<void> {
  const matches = (url: URL) => {
    const address = `${url.pathname}${url.search}`;
    return typeof at === 'string' ? address === at : at.test(address);
  };
  try {
    await page.waitForURL(matches, { timeout: 10_000 });
  } catch {
    const url = new URL(page.url());
    throw new Error(`the address should be ${at.toString()} but is ${url.pathname}${url.search}`);
  }
}
