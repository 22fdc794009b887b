import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

afterEach(cleanup);

describe('UserAvatar', () => {
  it('shows the avatar image, sized for sharp rendering', () => {
    const { container } = render(
      <UserAvatar firstName="Ada" lastName="Admin" imageName="/avatars/avatar-1.svg?size={size}" size={32} />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/avatars/avatar-1.svg?size=64');
  });

  it('shows the initials when the user has no avatar', () => {
    const { container } = render(<UserAvatar firstName="tom" lastName="teacher" imageName={null} />);
    expect(container.textContent).toBe('TT');
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to the initials when the image fails to load', () => {
    const { container } = render(<UserAvatar firstName="Sam" lastName="Student" imageName="/missing.png" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.textContent).toBe('SS');
  });
});
