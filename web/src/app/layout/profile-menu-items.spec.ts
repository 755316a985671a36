import { displayName, profileMenuLinks } from './profile-menu-items';

describe('profileMenuLinks', () => {
  it('lists the spec items for a user, without Admin', () => {
    expect(profileMenuLinks({ user_type: 1 })).toEqual([
      { label: 'My Profile', to: '/profile' },
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Subscriptions', to: '/profile#subscriptions' },
      { label: 'Purchase History', to: '/profile#purchase-history' },
      { label: 'Settings', to: '/settings' },
    ]);
    expect(profileMenuLinks({ user_type: null }).map((link) => link.label)).not.toContain('Admin');
  });

  it('adds Admin after My Profile only for user_type 99', () => {
    expect(profileMenuLinks({ user_type: 99 }).slice(0, 2)).toEqual([
      { label: 'My Profile', to: '/profile' },
      { label: 'Admin', to: '/admin' },
    ]);
    expect(profileMenuLinks({ user_type: 98 }).map((link) => link.label)).not.toContain('Admin');
  });
});

describe('displayName', () => {
  it('is the full name, else the e-mail', () => {
    expect(displayName({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' })).toBe('Ann Lee');
    expect(displayName({ first_name: 'Ann', last_name: ' ', email: 'ann@example.com' })).toBe('Ann');
    expect(displayName({ first_name: '', last_name: '', email: 'ann@example.com' })).toBe('ann@example.com');
  });
});
