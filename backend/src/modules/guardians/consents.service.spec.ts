import { dataHeld } from './consents.service';
import type { StudentHeldRow } from './guardians.repository';

/** What the data-rights page says is held: a value or not, never the value (Aadhaar's last four digits stay out). */
describe('dataHeld', () => {
  const row = {
    id: 's1',
    name: 'Meera Verma',
    first_name: 'Meera',
    last_name: null,
    date_of_birth: '2016-05-14',
    gender: 'female',
    aadhaar: '1234',
    pen: '',
    guardians: 2,
    photo: false,
    cwsn: false,
  } as unknown as StudentHeldRow;

  it('marks each field held or not, by category', () => {
    const held = dataHeld(row);
    expect(held.map((h) => h.category)).toEqual(['identity', 'enrolment', 'guardians', 'identifiers', 'background', 'address', 'photo']);
    expect(held[0]!.fields).toEqual([
      { field: 'firstName', held: true },
      { field: 'lastName', held: false },
      { field: 'dateOfBirth', held: true },
      { field: 'gender', held: true },
    ]);
    expect(held.find((h) => h.category === 'identifiers')!.fields).toEqual([
      { field: 'pen', held: false },
      { field: 'apaarId', held: false },
      { field: 'aadhaar', held: true },
    ]);
    expect(held.find((h) => h.category === 'guardians')!.fields).toEqual([{ field: 'guardians', held: true }]);
    expect(held.find((h) => h.category === 'photo')!.fields).toEqual([{ field: 'photo', held: false }]);
    expect(JSON.stringify(held)).not.toContain('1234');
  });
});
