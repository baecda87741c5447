import { formatAddress, formatCityState, formatDateIST, formatDateTimeIST, formatLevel } from './format';

describe('spec §3 School level display', () => {
  it.each([
    ['higher_secondary', 'higher secondary'],
    ['primary', 'primary'],
    ['a_b_c', 'a b c'],
    [null, ''],
  ])('%j → %j', (level, shown) => {
    expect(formatLevel(level)).toBe(shown);
  });
});

describe('DECISIONS dates: India Standard Time, day first', () => {
  it.each([
    ['2025-10-03T20:00:00Z', '04/10/2025'],
    ['2025-10-03T18:29:59Z', '03/10/2025'],
    ['2025-10-03T18:30:00Z', '04/10/2025'],
    ['2024-02-29T00:00:00Z', '29/02/2024'],
    ['2025-12-31T18:30:00Z', '01/01/2026'],
  ])('%s → %s', (instant, shown) => {
    expect(formatDateIST(instant)).toBe(shown);
    expect(formatDateIST(new Date(instant))).toBe(shown);
  });

  it.each([[null], [undefined], [''], ['not a date']])('%j → empty', (value) => {
    expect(formatDateIST(value)).toBe('');
  });

  it.each([
    ['2025-10-03T20:00:00Z', '04/10/2025, 1:30 AM IST'],
    ['2025-10-04T06:30:00Z', '04/10/2025, 12:00 PM IST'],
    ['2025-10-03T18:30:00Z', '04/10/2025, 12:00 AM IST'],
    ['2025-10-04T12:35:00Z', '04/10/2025, 6:05 PM IST'],
  ])('date and time of %s → %s', (instant, shown) => {
    expect(formatDateTimeIST(instant)).toBe(shown);
  });
});

describe('spec §3 School address: an object or a plain string', () => {
  const address = {
    address1: '12 Mall Road',
    address2: null,
    locality: 'Civil Lines',
    city: 'Kanpur',
    state: 'Uttar Pradesh',
    country: 'India',
    pinCode: '208001',
    landmark: '',
  };

  it('joins the filled parts', () => {
    expect(formatAddress(address)).toBe('12 Mall Road, Civil Lines, Kanpur, Uttar Pradesh 208001, India');
    expect(formatCityState(address)).toBe('Kanpur, Uttar Pradesh');
  });

  it('shows a plain string as it is', () => {
    expect(formatAddress(' Kanpur ')).toBe('Kanpur');
    expect(formatCityState('Kanpur, UP')).toBe('Kanpur, UP');
  });
});
