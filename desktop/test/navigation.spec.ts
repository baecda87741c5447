import { appRouteOf, decideNavigation, decideWindowOpen, isAppUrl, safeExternalUrl } from '../src/main/navigation';

const SERVER = 'https://vidyalaya.example.in';

describe('DECISIONS Desktop: navigation stays inside the app', () => {
  it.each([
    ['app://vidyalaya/desktop.html', { action: 'allow' }],
    ['app://vidyalaya/desktop.html#/staff/schools?status=pending', { action: 'allow' }],
    ['app://vidyalaya/', { action: 'allow' }],
    ['https://vidyalaya.example.in/terms', { action: 'external', url: 'https://vidyalaya.example.in/terms' }],
    ['http://demo.localhost:3000/', { action: 'external', url: 'http://demo.localhost:3000/' }],
    ['app://evil/desktop.html', { action: 'deny' }],
    ['app://user:pw@vidyalaya/desktop.html', { action: 'deny' }],
    ['app://vidyalaya:8080/desktop.html', { action: 'deny' }],
    ['file:///etc/passwd', { action: 'deny' }],
    ['javascript:alert(1)', { action: 'deny' }],
    ['data:text/html,<script>alert(1)</script>', { action: 'deny' }],
    ['ftp://example.com/file', { action: 'deny' }],
    ['mailto:hello@vidyalaya.in', { action: 'deny' }],
    ['https://user:pass@evil.example/', { action: 'deny' }],
    ['https://bank.example@evil.example/', { action: 'deny' }],
    ['not a url', { action: 'deny' }],
    ['', { action: 'deny' }],
  ])('%s → %j', (url, decision) => {
    expect(decideNavigation(url)).toEqual(decision);
  });

  it('refuses URLs that are not strings or are absurdly long', () => {
    expect(decideNavigation(undefined)).toEqual({ action: 'deny' });
    expect(decideNavigation({ href: 'https://x.example' })).toEqual({ action: 'deny' });
    expect(decideNavigation(`https://example.com/${'a'.repeat(3000)}`)).toEqual({ action: 'deny' });
  });
});

describe('DECISIONS Desktop: new windows are never created', () => {
  it.each([
    // spec §2 /register: the terms and privacy links open in a new tab → the server's own pages
    ['app://vidyalaya/desktop.html#/terms', SERVER, { action: 'external', url: `${SERVER}/terms` }],
    ['app://vidyalaya/desktop.html#/privacy', SERVER, { action: 'external', url: `${SERVER}/privacy` }],
    ['app://vidyalaya/desktop.html#/terms', null, { action: 'deny' }],
    // the school portal (spec §2 /dashboard: Visit Portal opens in a new tab)
    ['https://demo.vidyalaya.example.in/', SERVER, { action: 'external', url: 'https://demo.vidyalaya.example.in/' }],
    ['https://user:pw@demo.vidyalaya.example.in/', SERVER, { action: 'deny' }],
    ['file:///C:/Windows/System32/calc.exe', SERVER, { action: 'deny' }],
    ['javascript:void(0)', SERVER, { action: 'deny' }],
    ['about:blank', SERVER, { action: 'deny' }],
    ['app://other/desktop.html#/terms', SERVER, { action: 'deny' }],
  ])('window.open(%s) with server %s → %j', (url, server, decision) => {
    expect(decideWindowOpen(url, server)).toEqual(decision);
  });
});

describe('checking a URL before the system browser gets it', () => {
  it.each([
    ['https://vidyalaya.in/privacy', 'https://vidyalaya.in/privacy'],
    ['HTTP://Vidyalaya.IN', 'http://vidyalaya.in/'],
    ['https://vidyalaya.in/a b', null],
    ['https://vidyalaya.in/\n', null],
    [' https://vidyalaya.in/', null],
    ['https:///nohost', 'https://nohost/'],
    ['http://', null],
    ['vbscript:msgbox', null],
    ['smb://share/x', null],
  ])('%j → %j', (url, expected) => {
    expect(safeExternalUrl(url)).toBe(expected);
  });

  it('knows the app by scheme and host only', () => {
    expect(isAppUrl('app://vidyalaya/assets/x.js')).toBe(true);
    expect(isAppUrl('app://vidyalaya.evil/desktop.html')).toBe(false);
    expect(isAppUrl('https://vidyalaya/desktop.html')).toBe(false);
  });

  it.each([
    ['app://vidyalaya/desktop.html#/terms', '/terms'],
    ['app://vidyalaya/desktop.html', '/'],
    ['app://vidyalaya/desktop.html#/setup/classes?schoolId=1', '/setup/classes?schoolId=1'],
    ['app://vidyalaya/desktop.html#/"><script>', '/%22%3E%3Cscript%3E'],
    ['app://vidyalaya/desktop.html#/x y', '/x%20y'],
  ])('the route of %s is %j', (url, route) => {
    expect(appRouteOf(url)).toBe(route);
  });

  it('keeps a crafted route on the server it names', () => {
    const d = decideWindowOpen('app://vidyalaya/desktop.html#//evil.example/x', SERVER);
    expect(d.action).toBe('external');
    expect(new URL((d as { url: string }).url).host).toBe('vidyalaya.example.in');
  });
});
