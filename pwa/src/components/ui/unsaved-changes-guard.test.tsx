import { setupIonicReact } from '@ionic/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationTargetOf, useUnsavedChangesGuard, UNSAVED_CHANGES_MESSAGE, UNSAVED_CHANGES_TITLE } from './unsaved-changes-guard';

// No overlay animations: the dialog closes at once.
setupIonicReact({ animated: false });

afterEach(() => {
  cleanup();
  // Ionic moves overlays to the end of <body>; a closing one must not answer the next test's question.
  document.body.innerHTML = '';
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Form({ initiallyDirty = true, onDiscard }: { initiallyDirty?: boolean; onDiscard?: () => void }) {
  const [dirty, setDirty] = useState(initiallyDirty);
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard({
    when: dirty,
    onDiscard: () => {
      setDirty(false);
      onDiscard?.();
    },
  });
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>Edit</button>
      <button type="button" onClick={() => setDirty(false)}>Save</button>
      <button type="button" onClick={() => guard.confirmLeave(() => navigate('/list'))}>Cancel</button>
      <Link to="/other">Other page</Link>
      {guard.dialog}
    </>
  );
}

function renderForm(props: Parameters<typeof Form>[0] = {}) {
  return render(
    <MemoryRouter initialEntries={['/form']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Where />
      <Routes>
        <Route path="/form" element={<Form {...props} />} />
        <Route path="/other" element={<p>Other</p>} />
        <Route path="/list" element={<p>List</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

/** Does what should raise the question and waits until the dialog is fully shown (it ignores earlier clicks). */
async function ask(action: () => void) {
  const shown = new Promise<void>((resolve) => document.addEventListener('ionAlertDidPresent', () => resolve(), { once: true }));
  action();
  await act(() => shown);
}

const answer = async (text: 'YES' | 'NO') => {
  const button = await screen.findByText(text);
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('unsaved-changes guard', () => {
  it('lets a clean form leave through a link without asking', () => {
    renderForm({ initiallyDirty: false });
    fireEvent.click(screen.getByText('Other page'));
    expect(where()).toBe('/other');
  });

  it('stops a link click on an edited form and asks first', async () => {
    renderForm();
    fireEvent.click(screen.getByText('Other page'));
    expect(where()).toBe('/form');
    await screen.findByText(UNSAVED_CHANGES_TITLE);
    await screen.findByText(UNSAVED_CHANGES_MESSAGE);
  });

  it('stays on the form when the answer is NO', async () => {
    renderForm();
    await ask(() => fireEvent.click(screen.getByText('Other page')));
    await answer('NO');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(where()).toBe('/form');
    fireEvent.click(screen.getByText('Other page'));
    expect(where()).toBe('/form');
  });

  it('discards the edits and follows the link when the answer is YES', async () => {
    const onDiscard = vi.fn();
    renderForm({ onDiscard });
    await ask(() => fireEvent.click(screen.getByText('Other page')));
    await answer('YES');
    await waitFor(() => expect(where()).toBe('/other'), { timeout: 3000 });
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('asks before programmatic navigation of an edited form, and goes on YES', async () => {
    renderForm();
    await ask(() => fireEvent.click(screen.getByText('Cancel')));
    expect(where()).toBe('/form');
    await answer('YES');
    await waitFor(() => expect(where()).toBe('/list'), { timeout: 3000 });
  });

  it('stops asking once the form is saved', () => {
    renderForm();
    fireEvent.click(screen.getByText('Save'));
    fireEvent.click(screen.getByText('Cancel'));
    expect(where()).toBe('/list');
  });

  it('asks the browser to confirm closing the tab only while there are edits', () => {
    renderForm({ initiallyDirty: false });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    fireEvent.click(screen.getByText('Edit'));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

describe('navigationTargetOf', () => {
  const current = new URL('http://app.test/studentsForm/3');
  const clickOn = (element: HTMLElement, init: Partial<MouseEvent> = {}) => ({
    button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false,
    composedPath: () => {
      const path: EventTarget[] = [];
      for (let node: HTMLElement | null = element; node; node = node.parentElement) path.push(node);
      return path;
    },
    ...init,
  });
  const inDocument = (html: string) => {
    document.body.innerHTML = html;
    return document.body.querySelector<HTMLElement>('[data-click]') as HTMLElement;
  };

  it('finds the link around the clicked text, including Ionic router items', () => {
    const label = inDocument('<ion-item href="/students"><ion-label data-click>Students</ion-label></ion-item>');
    expect(navigationTargetOf(clickOn(label), current)?.tagName).toBe('ION-ITEM');
  });

  it('finds an Ionic router link whose href is a property, as React 19 sets it on custom elements', () => {
    const label = inDocument('<ion-item><ion-label data-click>Teachers</ion-label></ion-item>');
    Object.assign(document.querySelector('ion-item') as HTMLElement, { href: '/teachers' });
    expect(navigationTargetOf(clickOn(label), current)?.tagName).toBe('ION-ITEM');
  });

  it('treats the back button as navigation', () => {
    const back = inDocument('<ion-back-button data-click></ion-back-button>');
    expect(navigationTargetOf(clickOn(back), current)).toBe(back);
  });

  it.each([
    ['another site', '<a href="https://example.org/x" data-click>x</a>', {}],
    ['a new tab', '<a href="/students" target="_blank" data-click>x</a>', {}],
    ['a download', '<a href="blob:abc" download="a.pdf" data-click>x</a>', {}],
    ['the same page', '<a href="/studentsForm/3" data-click>x</a>', {}],
    ['a ctrl-click', '<a href="/students" data-click>x</a>', { ctrlKey: true }],
    ['a plain button', '<button data-click>x</button>', {}],
  ])('ignores %s', (_name, html, init) => {
    expect(navigationTargetOf(clickOn(inDocument(html), init), current)).toBeNull();
  });
});
