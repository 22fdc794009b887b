/**
 * Ionic's buttons are custom elements whose native <button> lives in a shadow root jsdom does not
 * build (and Ionic moves the host's aria-label onto that button), so Testing Library's role queries
 * miss them: find them by their title (IconButton sets it) or their text instead.
 */
export function ionButtons(container: ParentNode, label: string | RegExp): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('ion-button')].filter((button) => {
    const name = button.getAttribute('title') ?? button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
    return typeof label === 'string' ? name === label : label.test(name);
  });
}

export function ionButton(container: ParentNode, label: string | RegExp): HTMLElement {
  const [button, ...others] = ionButtons(container, label);
  if (!button || others.length > 0) throw new Error(`Expected one ion-button "${String(label)}", found ${others.length + (button ? 1 : 0)}`);
  return button;
}
