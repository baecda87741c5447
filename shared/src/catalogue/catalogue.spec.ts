import { CATALOGUE_CLASSES, catalogueClassOf, CLASS_GROUPS, classOrder, isCatalogueClass, naturalCompare, sortByCatalogue } from './classes';
import { HINDI_CLASS_NAMES, HINDI_SUBJECT_NAMES, localName } from './hindi-names';
import { INDIAN_STATES, UNION_TERRITORIES } from './indian-states';
import { GLOBAL_SUBJECTS } from './subjects';

describe('spec §3 Predefined class catalogue', () => {
  it('has the three groups of the spec', () => {
    expect(CLASS_GROUPS.map((group) => [group.key, group.label, group.classes])).toEqual([
      ['primary', 'Primary', ['Nursery', 'LKG', 'UKG', 'Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 5']],
      ['secondary', 'Secondary', ['Class 6', 'Class 7', 'Class 8', 'Class 9', 'Class 10']],
      ['higher_secondary', 'Higher Secondary', ['Class 11', 'Class 12']],
    ]);
  });

  it('lists 15 classes from Nursery to Class 12', () => {
    expect(CATALOGUE_CLASSES).toHaveLength(15);
    expect(CATALOGUE_CLASSES[0]).toBe('Nursery');
    expect(CATALOGUE_CLASSES[14]).toBe('Class 12');
  });

  it.each([
    ['Nursery', 0],
    ['UKG', 2],
    ['Class 1', 3],
    ['Class 10', 12],
    ['Class 12', 14],
    ['class 1', -1],
    ['Class 13', -1],
  ])('classOrder(%j) → %i', (name, order) => {
    expect(classOrder(name)).toBe(order);
    expect(isCatalogueClass(name)).toBe(order >= 0);
  });
});

describe('DECISIONS classes sort in catalogue order', () => {
  it('sorts by catalogue position, not alphabetically', () => {
    const names = ['Class 10', 'Class 2', 'LKG', 'Class 12', 'Nursery', 'Class 1', 'UKG', 'Class 11'];
    expect(sortByCatalogue(names, (n) => n)).toEqual([
      'Nursery', 'LKG', 'UKG', 'Class 1', 'Class 2', 'Class 10', 'Class 11', 'Class 12',
    ]);
  });

  it('puts unknown names last in natural order, without touching the input', () => {
    const items = [{ name: 'Prep 10' }, { name: 'Class 3' }, { name: 'Prep 9' }];
    const sorted = sortByCatalogue(items, (item) => item.name);
    expect(sorted.map((item) => item.name)).toEqual(['Class 3', 'Prep 9', 'Prep 10']);
    expect(items[0]!.name).toBe('Prep 10');
  });
});

describe('DECISIONS global subjects', () => {
  it.each([
    ['English', 'ENG'], ['Hindi', 'HIN'], ['Mathematics', 'MATH'], ['Science', 'SCI'],
    ['Social Studies', 'SST'], ['Environmental Studies', 'EVS'], ['Computer Science', 'CS'],
    ['Sanskrit', 'SAN'], ['Physics', 'PHY'], ['Chemistry', 'CHEM'], ['Biology', 'BIO'],
    ['History', 'HIST'], ['Geography', 'GEO'], ['Civics', 'CIV'], ['Economics', 'ECO'],
    ['Accountancy', 'ACC'], ['Business Studies', 'BST'], ['Physical Education', 'PE'],
    ['Art and Craft', 'ART'], ['Music', 'MUS'], ['General Knowledge', 'GK'], ['Moral Science', 'MS'],
  ])('%s has code %s', (name, code) => {
    expect(GLOBAL_SUBJECTS.find((subject) => subject.name === name)?.code).toBe(code);
  });

  it('has unique names and codes, and a description for each', () => {
    expect(new Set(GLOBAL_SUBJECTS.map((s) => s.name.toLowerCase())).size).toBe(GLOBAL_SUBJECTS.length);
    expect(new Set(GLOBAL_SUBJECTS.map((s) => s.code)).size).toBe(GLOBAL_SUBJECTS.length);
    for (const subject of GLOBAL_SUBJECTS) {
      expect(subject.code).toMatch(/^[A-Z]{2,6}$/);
      expect(subject.description.length).toBeGreaterThan(5);
      expect(subject.name.length).toBeLessThanOrEqual(100);
    }
  });
});

describe('Indian states and union territories', () => {
  it('lists 28 states and 8 union territories, sorted', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(UNION_TERRITORIES).toHaveLength(8);
    expect([...INDIAN_STATES]).toEqual([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en')));
    expect(INDIAN_STATES).toContain('Uttar Pradesh');
    for (const ut of UNION_TERRITORIES) expect(INDIAN_STATES).toContain(ut);
  });
});

describe('naturalCompare', () => {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  // A fixed pseudo-random sequence, so a failure names a pair that fails again.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = (alphabet: string) => Array.from({ length: Math.floor(next() * 9) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');

  it('orders plain names as ICU does: numbers by value, letters without case, space first', () => {
    const alphabet = 'aAbBzZ 0123456789 Class';
    for (let k = 0; k < 20_000; k++) {
      const a = word(alphabet);
      const b = next() < 0.3 ? a.toUpperCase() : word(alphabet);
      expect([a, b, naturalCompare(a, b)]).toEqual([a, b, collator.compare(a, b)]);
    }
    expect(naturalCompare('Section 9', 'Section 10')).toBe(-1);
    expect(naturalCompare('class 007', 'Class 7')).toBe(0);
  });

  it('leaves other names (Hindi, punctuation) to the collator', () => {
    for (const [a, b] of [['कक्षा 2', 'कक्षा 10'], ['A-1', 'A 1'], ['Ä', 'a'], ['B.2', 'B_2']]) {
      expect(naturalCompare(a, b)).toBe(collator.compare(a, b));
    }
  });
});

describe('issue 36: classes as schools type them', () => {
  it.each([
    ['VI', 'Class 6'],
    ['vi', 'Class 6'],
    ['Class VI', 'Class 6'],
    ['Std. XII', 'Class 12'],
    ['IX', 'Class 9'],
    ['iv', 'Class 4'],
    ['Class 5', 'Class 5'],
    ['5', 'Class 5'],
    ['5th', 'Class 5'],
    ['grade 10', 'Class 10'],
    ['कक्षा 6', 'Class 6'],
    ['lkg', 'LKG'],
    ['Nursery', 'Nursery'],
  ])('catalogueClassOf(%j) → %j', (typed, name) => {
    expect(catalogueClassOf(typed)).toBe(name);
  });

  it.each(['XIII', '13', 'VV', 'IIII', 'Class', '', 'Nur', 'six'])('does not guess %j', (typed) => {
    expect(catalogueClassOf(typed)).toBeNull();
  });
});

describe('issue 36: the catalogue names in Hindi', () => {
  it('has a Hindi name for every catalogue class and subject', () => {
    for (const c of CATALOGUE_CLASSES) expect(HINDI_CLASS_NAMES[c]).toMatch(/[\u0900-\u097F]/);
    for (const s of GLOBAL_SUBJECTS) expect(HINDI_SUBJECT_NAMES[s.name]).toMatch(/[\u0900-\u097F]/);
  });

  it.each([
    ['Class 7', 'hi', 'कक्षा 7'],
    ['Class 12 A', 'hi', 'कक्षा 12 A'],
    ['Class 1 – B', 'hi', 'कक्षा 1 – B'],
    ['Class 7 A · Mathematics', 'hi', 'कक्षा 7 A · गणित'],
    ['Mathematics', 'hi', 'गणित'],
    ['Nursery Rose', 'hi', 'नर्सरी Rose'],
    ['Periodic test', 'hi', 'Periodic test'],
    ['Class 7', 'en', 'Class 7'],
    ['Classroom 1', 'hi', 'Classroom 1'],
  ])('localName(%j, %s) → %j', (name, language, shown) => {
    expect(localName(name, language)).toBe(shown);
  });
});
