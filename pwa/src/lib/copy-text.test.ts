import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

function browser({ secure, clipboard }: { secure: boolean; clipboard?: { writeText: (text: string) => Promise<void> } }) {
  vi.stubGlobal('isSecureContext', secure);
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  const execCommand = vi.fn(() => true);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  const field = document.body.appendChild(document.createElement('input'));
  field.value = 'secret-password';
  return { execCommand, field };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('copying a shown link or password', () => {
  it('uses the Clipboard API where the page is served securely', async () => {
    const writeText = vi.fn(async () => undefined);
    const { execCommand, field } = browser({ secure: true, clipboard: { writeText } });
    expect(await copyText('secret-password', field)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('secret-password');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('copies the shown field\'s selection on a plain-HTTP server, or when the Clipboard API refuses', async () => {
    const plain = browser({ secure: false });
    expect(await copyText('secret-password', plain.field)).toBe(true);
    expect(plain.execCommand).toHaveBeenCalledWith('copy');
    expect([plain.field.selectionStart, plain.field.selectionEnd]).toEqual([0, 'secret-password'.length]);

    const refused = browser({ secure: true, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    expect(await copyText('secret-password', refused.field)).toBe(true);
    expect(refused.execCommand).toHaveBeenCalledWith('copy');
  });

  it('says it could not copy when there is neither the API nor a field', async () => {
    browser({ secure: false });
    expect(await copyText('secret-password', null)).toBe(false);
  });
});
