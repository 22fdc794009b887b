import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPrompt } from '../install-prompt-listener';
import { InstallButton } from './install-button';

afterEach(cleanup);

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the Install Rollbook button', () => {
  it('is hidden while the browser offers no installation', () => {
    render(<InstallButton />);
    expect(screen.queryByText('Install Rollbook')).toBeNull();
  });

  it('keeps the browser\'s offer from before the page mounted and shows its dialog on click, once', async () => {
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    render(<InstallButton />);
    fireEvent.click(screen.getByText('Install Rollbook'));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    expect(screen.queryByText('Install Rollbook')).toBeNull();
    expect(installPrompt.get()).toBe(false);
  });

  it('goes away once the app is installed', () => {
    offerInstall();
    render(<InstallButton />);
    expect(screen.getByText('Install Rollbook')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText('Install Rollbook')).toBeNull();
  });
});
