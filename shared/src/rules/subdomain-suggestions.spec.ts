import { subdomainCandidates } from './subdomain-suggestions';

describe('subdomainCandidates (issue 20: a taken subdomain suggests free ones)', () => {
  it('offers the city first, then "school", then numbers', () => {
    expect(subdomainCandidates('sunrise', 'Kanpur').slice(0, 4)).toEqual(['sunrise-kanpur', 'sunrise-school', 'sunrise-2', 'sunrise-3']);
  });
  it('works without a city and never repeats the name asked for', () => {
    const list = subdomainCandidates('dps-school');
    expect(list[0]).toBe('dps-school-2');
    expect(list).not.toContain('dps-school');
  });
  it('a reserved name gets valid alternatives', () => {
    expect(subdomainCandidates('admin', 'Lucknow')[0]).toBe('admin-lucknow');
  });
  it('stays within 50 characters and valid', () => {
    for (const s of subdomainCandidates('a'.repeat(50), 'Thiruvananthapuram')) {
      expect(s.length).toBeLessThanOrEqual(50);
      expect(s).toMatch(/^[a-z0-9](?:[a-z0-9]|-(?!-))*[a-z0-9]$/);
    }
  });
  it('nothing to build on gives nothing', () => {
    expect(subdomainCandidates('---')).toEqual([]);
  });
});
