import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useCloseOverlaysOnLeave } from './close-overlays-on-leave';

// Stand-ins for Ionic's overlay elements: what matters is which ones are asked to close.
function overlay(tag: string, method: 'dismiss' | 'close') {
  const element = document.createElement(tag);
  const closing = vi.fn().mockResolvedValue(true);
  Object.assign(element, { [method]: closing });
  document.body.append(element);
  return closing;
}

function Page() {
  useCloseOverlaysOnLeave();
  return null;
}

let router: ReturnType<typeof createMemoryRouter>;
/** The app at the last of `history`'s addresses, with the others to go back to. */
function renderAt(...history: string[]) {
  router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: history, initialIndex: history.length - 1 });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('leaving a page', () => {
  it('by going back closes the dialogs, alerts, popovers and menu drawer left open, and not the toasts', async () => {
    renderAt('/teachers/classesmobile', '/teachers/CoursesMobile');
    const closers = {
      modal: overlay('ion-modal', 'dismiss'),
      alert: overlay('ion-alert', 'dismiss'),
      popover: overlay('ion-popover', 'dismiss'),
      actionSheet: overlay('ion-action-sheet', 'dismiss'),
      menu: overlay('ion-menu', 'close'),
    };
    const toast = overlay('ion-toast', 'dismiss');

    await act(() => router.navigate(-1));

    for (const close of Object.values(closers)) expect(close).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('closes a menu drawer that was still sliding open once it is open', async () => {
    renderAt('/students/classesmobile', '/students/coursesmobile');
    const menu = document.createElement('ion-menu');
    menu.classList.add('show-menu');
    const close = vi.fn().mockResolvedValue(false);
    Object.assign(menu, { close, isOpen: vi.fn().mockResolvedValue(false) });
    document.body.append(menu);

    await act(() => router.navigate(-1));
    expect(close).toHaveBeenCalledTimes(1);
    menu.dispatchEvent(new Event('ionDidOpen'));
    expect(close).toHaveBeenCalledTimes(2);
  });

  it('closes nothing when the page opens, nor when only its query changes', async () => {
    renderAt('/courses?statusId=1');
    const dismiss = overlay('ion-modal', 'dismiss');
    await act(() => router.navigate('/courses?statusId=2'));
    expect(dismiss).not.toHaveBeenCalled();
  });
});
