import type { CatalogueClass } from './classes';

/**
 * The catalogue's names in Hindi (issue 36 point 6): a school picks its classes and most of its
 * subjects from the catalogue, so those names have a Hindi form the screens, the report card and
 * the receipt can show a Hindi reader. A name the school typed itself (a section, a component, an
 * instalment) has none and is shown as the school wrote it.
 */
export const HINDI_CLASS_NAMES: Readonly<Record<CatalogueClass, string>> = {
  Nursery: 'नर्सरी',
  LKG: 'एल.के.जी.',
  UKG: 'यू.के.जी.',
  'Class 1': 'कक्षा 1',
  'Class 2': 'कक्षा 2',
  'Class 3': 'कक्षा 3',
  'Class 4': 'कक्षा 4',
  'Class 5': 'कक्षा 5',
  'Class 6': 'कक्षा 6',
  'Class 7': 'कक्षा 7',
  'Class 8': 'कक्षा 8',
  'Class 9': 'कक्षा 9',
  'Class 10': 'कक्षा 10',
  'Class 11': 'कक्षा 11',
  'Class 12': 'कक्षा 12',
};

/** The catalogue subjects (catalogue/subjects.ts) in Hindi. */
export const HINDI_SUBJECT_NAMES: Readonly<Record<string, string>> = {
  English: 'अंग्रेज़ी',
  Hindi: 'हिंदी',
  Mathematics: 'गणित',
  Science: 'विज्ञान',
  'Social Studies': 'सामाजिक विज्ञान',
  'Environmental Studies': 'पर्यावरण अध्ययन',
  'Computer Science': 'कंप्यूटर विज्ञान',
  Sanskrit: 'संस्कृत',
  Physics: 'भौतिकी',
  Chemistry: 'रसायन विज्ञान',
  Biology: 'जीव विज्ञान',
  History: 'इतिहास',
  Geography: 'भूगोल',
  Civics: 'नागरिक शास्त्र',
  Economics: 'अर्थशास्त्र',
  Accountancy: 'लेखाशास्त्र',
  'Business Studies': 'व्यवसाय अध्ययन',
  'Physical Education': 'शारीरिक शिक्षा',
  'Art and Craft': 'कला एवं शिल्प',
  Music: 'संगीत',
  'General Knowledge': 'सामान्य ज्ञान',
  'Moral Science': 'नैतिक शिक्षा',
  Urdu: 'उर्दू',
  Punjabi: 'पंजाबी',
  Bengali: 'बांग्ला',
  Tamil: 'तमिल',
  Telugu: 'तेलुगु',
  Marathi: 'मराठी',
  Gujarati: 'गुजराती',
  Kannada: 'कन्नड़',
  Malayalam: 'मलयालम',
  Odia: 'ओड़िया',
  French: 'फ़्रेंच',
  German: 'जर्मन',
  'Informatics Practices': 'सूचना विज्ञान अभ्यास',
  Psychology: 'मनोविज्ञान',
  Sociology: 'समाजशास्त्र',
  'Political Science': 'राजनीति विज्ञान',
  'Home Science': 'गृह विज्ञान',
  'Fine Arts': 'ललित कला',
  Entrepreneurship: 'उद्यमिता',
  'Applied Mathematics': 'अनुप्रयुक्त गणित',
  'Legal Studies': 'विधिक अध्ययन',
};

const CLASSES = HINDI_CLASS_NAMES as Readonly<Record<string, string>>;

/**
 * A school's name for a class, a subject or a section as a reader of `language` should see it:
 * in Hindi the catalogue's Hindi name where there is one; a section label that starts with a
 * catalogue class ('Class 7 A', 'Class 7 – A', 'Class 7 A · Mathematics') has that part translated
 * too. Anything else, and everything in English, comes back as it is.
 */
export function localName(name: string, language: string): string {
  if (language !== 'hi' || !name) return name;
  const whole = CLASSES[name] ?? HINDI_SUBJECT_NAMES[name];
  if (whole) return whole;
  // 'Class 7 A · Mathematics': each part on its own.
  if (name.includes(' · ')) return name.split(' · ').map((part) => localName(part, language)).join(' · ');
  // The longest catalogue class the label starts with ('Class 12' before 'Class 1'), then a space or a dash.
  const m = /^(Nursery|LKG|UKG|Class 1[0-2]|Class [1-9])(?=[\s–-])(.*)$/.exec(name);
  return m ? `${CLASSES[m[1]!]}${m[2]}` : name;
}
