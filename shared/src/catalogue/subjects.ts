/**
 * The global subject list a migration seeds (DECISIONS.md): the subjects named there, then the
 * usual Indian electives. Codes are unique and stable; names are what schools pick by.
 */
export type CatalogueSubject = {
  readonly name: string;
  readonly code: string;
  readonly description: string;
};

export const GLOBAL_SUBJECTS: readonly CatalogueSubject[] = [
  // Core subjects named in DECISIONS.md
  { name: 'English', code: 'ENG', description: 'Reading, writing, grammar and literature in English' },
  { name: 'Hindi', code: 'HIN', description: 'Reading, writing, grammar and literature in Hindi' },
  { name: 'Mathematics', code: 'MATH', description: 'Numbers, algebra, geometry, measurement and data' },
  { name: 'Science', code: 'SCI', description: 'General science: physics, chemistry and biology together' },
  { name: 'Social Studies', code: 'SST', description: 'History, geography, civics and economics together' },
  { name: 'Environmental Studies', code: 'EVS', description: 'Nature, family, society and the environment, for the primary classes' },
  { name: 'Computer Science', code: 'CS', description: 'Computing, programming and problem solving' },
  { name: 'Sanskrit', code: 'SAN', description: 'Sanskrit language and literature' },
  { name: 'Physics', code: 'PHY', description: 'Mechanics, heat, light, electricity and modern physics' },
  { name: 'Chemistry', code: 'CHEM', description: 'Physical, organic and inorganic chemistry' },
  { name: 'Biology', code: 'BIO', description: 'Living organisms, botany, zoology and human biology' },
  { name: 'History', code: 'HIST', description: 'Indian and world history' },
  { name: 'Geography', code: 'GEO', description: 'Physical and human geography, maps and resources' },
  { name: 'Civics', code: 'CIV', description: 'The Constitution, government and citizenship' },
  { name: 'Economics', code: 'ECO', description: 'Micro- and macroeconomics and the Indian economy' },
  { name: 'Accountancy', code: 'ACC', description: 'Bookkeeping, financial statements and partnership accounts' },
  { name: 'Business Studies', code: 'BST', description: 'Management, marketing and business finance' },
  { name: 'Physical Education', code: 'PE', description: 'Sports, fitness, yoga and health' },
  { name: 'Art and Craft', code: 'ART', description: 'Drawing, painting and craft work' },
  { name: 'Music', code: 'MUS', description: 'Vocal and instrumental music' },
  { name: 'General Knowledge', code: 'GK', description: 'Current affairs and general awareness' },
  { name: 'Moral Science', code: 'MS', description: 'Values, ethics and good conduct' },

  // Languages
  { name: 'Urdu', code: 'URD', description: 'Urdu language and literature' },
  { name: 'Punjabi', code: 'PUN', description: 'Punjabi language and literature' },
  { name: 'Bengali', code: 'BEN', description: 'Bengali language and literature' },
  { name: 'Tamil', code: 'TAM', description: 'Tamil language and literature' },
  { name: 'Telugu', code: 'TEL', description: 'Telugu language and literature' },
  { name: 'Marathi', code: 'MAR', description: 'Marathi language and literature' },
  { name: 'Gujarati', code: 'GUJ', description: 'Gujarati language and literature' },
  { name: 'Kannada', code: 'KAN', description: 'Kannada language and literature' },
  { name: 'Malayalam', code: 'MAL', description: 'Malayalam language and literature' },
  { name: 'Odia', code: 'ODI', description: 'Odia language and literature' },
  { name: 'French', code: 'FRE', description: 'French as a foreign language' },
  { name: 'German', code: 'GER', description: 'German as a foreign language' },

  // Senior secondary electives
  { name: 'Informatics Practices', code: 'IP', description: 'Data handling, databases and Python for applications' },
  { name: 'Psychology', code: 'PSY', description: 'Human behaviour, development and mental processes' },
  { name: 'Sociology', code: 'SOC', description: 'Society, social institutions and change in India' },
  { name: 'Political Science', code: 'POL', description: 'Political theory, the Indian Constitution and world politics' },
  { name: 'Home Science', code: 'HSC', description: 'Nutrition, human development, textiles and resource management' },
  { name: 'Fine Arts', code: 'FA', description: 'Painting, sculpture and art history' },
  { name: 'Entrepreneurship', code: 'ENT', description: 'Starting and running a business' },
  { name: 'Applied Mathematics', code: 'AMATH', description: 'Mathematics for commerce and social sciences' },
  { name: 'Legal Studies', code: 'LEGAL', description: 'The Indian legal system, courts and rights' },
];
