import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToggleButton } from './toggle-button';

afterEach(cleanup);

const button = (container: HTMLElement) => container.querySelector('ion-button') as HTMLElement;

describe('a toggle button', () => {
  it('says pressed as a string screen readers read, solid while chosen and outlined otherwise', () => {
    const { container, rerender } = render(<ToggleButton pressed>ATTENDED</ToggleButton>);
    expect([button(container).getAttribute('aria-pressed'), button(container).getAttribute('fill')]).toEqual(['true', 'solid']);
    rerender(<ToggleButton pressed={false}>ATTENDED</ToggleButton>);
    expect([button(container).getAttribute('aria-pressed'), button(container).getAttribute('fill')]).toEqual(['false', 'outline']);
  });

  it('is a new ion-button when its state changes (Ionic copies aria-pressed inward only when a button loads)', () => {
    const { container, rerender } = render(<ToggleButton pressed={false}>ABSENT</ToggleButton>);
    const before = button(container);
    rerender(<ToggleButton pressed={false} color="danger">ABSENT</ToggleButton>);
    expect(button(container)).toBe(before);
    rerender(<ToggleButton pressed color="danger">ABSENT</ToggleButton>);
    expect(button(container)).not.toBe(before);
  });
});
