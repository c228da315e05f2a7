import { displayName } from './display-name';

const t = () => '系统管理员';

describe('displayName', () => {
  it('translates the super administrator still named with the server default', () => {
    expect(displayName({ name: 'Administrator', account: 'admin', isAdmin: true }, t)).toBe('系统管理员');
    expect(displayName({ name: 'Administrator', account: 'admin', isSuperAdmin: true }, t)).toBe('系统管理员');
  });

  it('shows a chosen name as given, the account when there is none', () => {
    expect(displayName({ name: '张主任', account: 'admin', isAdmin: true }, t)).toBe('张主任');
    expect(displayName({ name: 'Administrator', account: 'ops', isAdmin: false }, t)).toBe('Administrator');
    expect(displayName({ name: '', account: 'ops' }, t)).toBe('ops');
    expect(displayName(null, t)).toBe('');
  });
});
