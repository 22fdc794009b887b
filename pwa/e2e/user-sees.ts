import type { Locator, Page } from 'playwright-core';

// "Visible to the user", as a person looking at the screen would say it. Playwright's isVisible()
// only asks for a non-empty box and no visibility:hidden: an element inside an Ionic page left at
// opacity 0 (ion-page-invisible) counts as visible to it, and that is how blank pages went unseen.

export interface Sighting {
  text: string;
  /** '' when the user sees it. */
  whyUnseen: string;
}

/**
 * Each element with its text and why the user cannot see it ('' when they can), after the next
 * animation frame when re-checking. Runs in the browser, so it is self-contained (Playwright sends
 * its source; the page's CSP forbids eval).
 */
async function sightingsOf(elements: Element[], nextFrame: boolean): Promise<Sighting[]> {
  if (nextFrame) await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  const name = (node: Element) =>
    node.tagName.toLowerCase() + [...node.classList].slice(0, 3).map((cls) => `.${cls}`).join('');
  const parentOf = (node: Element): Element | null => {
    const parent: Node | null = node.assignedSlot ?? node.parentElement ?? node.parentNode;
    return parent instanceof ShadowRoot ? parent.host : parent instanceof Element ? parent : null;
  };
  const within = (inner: Element, outer: Element) => {
    for (let node: Element | null = inner; node; node = parentOf(node)) if (node === outer) return true;
    return false;
  };
  const whyUnseen = (element: Element): string => {
    if (!element.isConnected) return 'gone from the page';
    let opacity = 1;
    let faintest: { node: Element; opacity: number } | null = null;
    // What the scrolling areas around it let through, within the window.
    const clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    // The composed ancestors (through slots and shadow roots), as the browser paints them.
    for (let node: Element | null = element; node; node = parentOf(node)) {
      const style = getComputedStyle(node);
      if (style.display === 'none') return `display:none on ${name(node)}`;
      if (node === element && style.visibility !== 'visible') return `visibility:${style.visibility} on ${name(node)}`;
      const own = Number(style.opacity);
      opacity *= own;
      if (own < 1 && (!faintest || own < faintest.opacity)) faintest = { node, opacity: own };
      if (node !== element && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
        const area = node.getBoundingClientRect();
        clip.left = Math.max(clip.left, area.left);
        clip.top = Math.max(clip.top, area.top);
        clip.right = Math.min(clip.right, area.right);
        clip.bottom = Math.min(clip.bottom, area.bottom);
      }
    }
    // Half-transparent still reads; fainter is fading in or out (or stuck, as the blank pages were).
    if (opacity < 0.5) return `opacity ${opacity.toFixed(2)}${faintest ? ` (opacity ${faintest.opacity} on ${name(faintest.node)})` : ''}`;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return 'an empty box';
    const shown = {
      left: Math.max(box.left, clip.left),
      top: Math.max(box.top, clip.top),
      right: Math.min(box.right, clip.right),
      bottom: Math.min(box.bottom, clip.bottom),
    };
    if (shown.right <= shown.left || shown.bottom <= shown.top) {
      return `outside the viewport (at ${Math.round(box.left)},${Math.round(box.top)}; the view shows ${Math.round(clip.left)},${Math.round(clip.top)} to ${Math.round(clip.right)},${Math.round(clip.bottom)})`;
    }
    // Something drawn on top of what shows of it (a banner, a backdrop) hides it too.
    const x = (shown.left + shown.right) / 2;
    const y = shown.top + Math.min((shown.bottom - shown.top) / 2, 8);
    const hit = document.elementFromPoint(x, y);
    if (hit && !within(hit, element) && !within(element, hit)) return `covered by ${name(hit)}`;
    return '';
  };
  return elements.map((element) => ({ text: (element.textContent ?? '').trim(), whyUnseen: whyUnseen(element) }));
}

/**
 * Each element the locator matches, with its text and why the user cannot see it ('' if they can);
 * `nextFrame` looks once the page has drawn its next frame (re-checking as soon as it can change).
 */
export function sightings(locator: Locator, nextFrame = false): Promise<Sighting[]> {
  return locator.evaluateAll(sightingsOf, nextFrame);
}

/**
 * Waits until the user sees one of the elements the locator matches and returns its index; else
 * throws saying why not.
 */
export async function waitUntilUserSees(locator: Locator, what: string, timeout = 10_000): Promise<number> {
  let scrolled = false;
  let index = -1;
  await waitFor(timeout, async (again) => {
    const seen = await sightings(locator, again);
    index = seen.findIndex((sighting) => sighting.whyUnseen === '');
    if (index >= 0) return null;
    if (seen.length === 0) return `the user does not see ${what}: it is not on the page`;
    // Below the fold the user scrolls to it, once; hidden in any other way it stays a failure.
    if (!scrolled && seen.some((sighting) => sighting.whyUnseen.startsWith('outside the viewport'))) {
      scrolled = true;
      await locator.nth(seen.findIndex((sighting) => sighting.whyUnseen.startsWith('outside the viewport'))).scrollIntoViewIfNeeded();
      return AGAIN;
    }
    return `the user does not see ${what}: ${seen.map((sighting) => sighting.whyUnseen).join('; ')}`;
  });
  return index;
}

/**
 * Waits until the only page heading (h1) the user sees is `title` and every other page is put away
 * (display:none, as Ionic leaves pages once a transition ends): the new page is shown, the one left
 * behind is gone, and nothing is still moving. Throws with what the user saw instead.
 */
export async function waitUntilPageHeadingIs(page: Page, title: string, timeout = 10_000): Promise<void> {
  await waitFor(timeout, async (again) => {
    const headings = await sightings(page.locator('h1'), again);
    const seen = headings.filter((heading) => heading.whyUnseen === '');
    const lingering = headings.filter((heading) => heading.whyUnseen !== '' && !heading.whyUnseen.startsWith('display:none'));
    if (seen.length === 1 && seen[0]?.text === title && lingering.length === 0) return null;
    const wanted = headings.filter((heading) => heading.text === title);
    const why = wanted.length === 0 ? 'no such heading on the page' : wanted.map((heading) => heading.whyUnseen || 'seen').join('; ');
    const others = lingering.filter((heading) => heading.text !== title).map((heading) => `; heading "${heading.text}" is still there: ${heading.whyUnseen}`);
    const saw = seen.length ? seen.map((heading) => `"${heading.text}"`).join(', ') : 'no heading';
    return `the user should see the heading "${title}" alone, but sees ${saw} (heading "${title}": ${why}${others.join('')})`;
  });
}

/** A check's answer: look again at once (it just changed the page, e.g. scrolled). */
const AGAIN = Symbol('again');

/**
 * Checks, then re-checks on each next animation frame (as soon as the page can have changed, not
 * on a fixed clock) until `check` returns null (met) or the time is up; then throws its last answer.
 */
async function waitFor(timeout: number, check: (again: boolean) => Promise<string | typeof AGAIN | null>): Promise<void> {
  const deadline = Date.now() + timeout;
  for (let again = false; ; again = true) {
    const unmet = await check(again);
    if (unmet === null) return;
    if (unmet === AGAIN) continue;
    if (Date.now() > deadline) throw new Error(unmet);
  }
}
