import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts a UUID in either case and refuses anything else', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    for (const v of ['', '0f8fad5b-d9cb-469f-a165-70867728950', '0f8fad5b-d9cb-469f-a165-70867728950e ', "1' OR '1'='1", 42, null, undefined]) expect(isUuid(v)).toBe(false);
  });
});
