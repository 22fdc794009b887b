import { afterEach, describe, expect, it } from 'vitest';
import { restorePageAriaIfNoOverlay } from './overlay-aria';

describe('page aria after dialogs', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const setUp = (presented: boolean) => {
    document.body.innerHTML = '<ion-app><ion-router-outlet aria-hidden="true"></ion-router-outlet><ion-alert></ion-alert></ion-app>';
    if (!presented) document.querySelector('ion-alert')?.classList.add('overlay-hidden');
    return document.querySelector('ion-router-outlet') as HTMLElement;
  };

  it('shows the page again when no overlay is up', () => {
    const outlet = setUp(false);
    document.body.classList.add('backdrop-no-scroll');
    restorePageAriaIfNoOverlay();
    expect(outlet.hasAttribute('aria-hidden')).toBe(false);
    expect(document.body.classList.contains('backdrop-no-scroll')).toBe(false);
  });

  it('leaves the page hidden while another overlay is presented', () => {
    const outlet = setUp(true);
    restorePageAriaIfNoOverlay();
    expect(outlet.getAttribute('aria-hidden')).toBe('true');
  });
});
