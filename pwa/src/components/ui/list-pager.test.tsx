import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ionButton } from '../mobile/testing/ion-queries';
import { ListPager } from './list-pager';

afterEach(cleanup);

describe('the previous / next pager', () => {
  it('is not shown while every row fits one page', () => {
    const { container } = render(<ListPager page={1} pageSize={9} total={9} onPage={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('says which page of how many, and moves one page either way', () => {
    const onPage = vi.fn();
    render(<ListPager page={2} pageSize={9} total={20} onPage={onPage} />);
    screen.getByText('Page 2 of 3');
    fireEvent.click(ionButton(document.body, 'PREVIOUS'));
    fireEvent.click(ionButton(document.body, 'NEXT'));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });
});
