/**
 * Passwords refused as too common (DECISIONS.md "Accounts and tokens"). The shared package's short
 * list lets the forms warn early; the server also consults this longer one. Entries are lowercase
 * and at least 6 characters long (shorter ones already fail the length rule); the check ignores
 * case and surrounding spaces.
 *
 * Compiled for this project from the patterns that top every public breach ranking: keyboard
 * walks, digit runs, "password"/"welcome"/"admin" with a year or a suffix, names of sports teams,
 * films and pets, and the Indian favourites (cricket, names of gods, cities, "india@123").
 */
export const SERVER_COMMON_PASSWORDS: readonly string[] = [
  // Digit runs and repeats
  '000000', '0000000', '00000000', '012345', '0123456', '01234567', '0123456789', '098765',
  '0987654321', '100200', '101010', '111111', '1111111', '11111111', '111222', '112233',
  '11223344', '121212', '12121212', '123123', '123123123', '1234554321', '123321', '123456',
  '1234567', '12345678', '123456789', '1234567890', '12345678910', '123654', '123654789', '123789',
  '1234qwer', '124578', '131313', '147147', '147258', '147258369', '159357', '159753',
  '1598753', '167943', '171717', '181818', '191919', '197346', '200000', '202020', '212121',
  '222222', '22222222', '232323', '252525', '232425', '246810', '252627', '272727', '292929',
  '300000', '303030', '313131', '321321', '333333', '33333333', '369369', '420420', '444444',
  '454545', '456123', '456456', '456789', '500000', '515151', '520520', '555555', '55555555',
  '565656', '654321', '666666', '66666666', '696969', '741852', '741852963', '753951',
  '777777', '7777777', '77777777', '786786', '789456', '789456123', '789789', '852456',
  '87654321', '888888', '88888888', '963852', '963852741', '987654', '9876543210', '987654321',
  '999999', '99999999',
  // Keyboard walks
  '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx', '1qaz2wsx3edc', '1qazxsw2',
  '2wsx3edc', 'q1w2e3r4', 'q1w2e3r4t5', 'qaz123', 'qazwsx', 'qazwsx123', 'qazwsxedc', 'qwe123',
  'qwe123qwe', 'qweasd', 'qweasdzxc', 'qwer1234', 'qwert123', 'qwerty', 'qwerty1',
  'qwerty12', 'qwerty123', 'qwerty1234', 'qwertyu', 'qwertyui', 'qwertyuiop', 'qwertz',
  'asdasd', 'asdf1234', 'asdfasdf', 'asdfgh', 'asdfghj', 'asdfghjk', 'asdfghjkl', 'asd123',
  'azerty', 'zaq12wsx', 'zaq1zaq1', 'zxcvbn', 'zxcvbnm', 'zxcvbnm123', 'zxc123', 'zxczxc',
  'mnbvcxz', 'poiuytrewq', 'lkjhgfdsa', 'abcdef', 'abcdefg', 'abcdefgh', 'abcd1234', 'abc123',
  'abc1234', 'abc12345', 'abc123456', 'a12345', 'a123456', 'a1234567', 'a1b2c3', 'a1b2c3d4',
  'aa123456', 'aaaaaa', 'aaaaaaaa', 'abcabc', 'xxxxxx', 'zzzzzz', 'qqqqqq', 'asdfqwer',
  // Password, welcome, admin and friends
  'password', 'password1', 'password12', 'password123', 'password1234', 'password!', 'password@1',
  'password@123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'p@ssword1', 'p@55w0rd', 'pass123',
  'pass1234', 'pass@123', 'passpass', 'passwort', 'motdepasse', 'contraseña', 'senha123',
  'welcome', 'welcome1', 'welcome12', 'welcome123', 'welcome@123', 'welcome!', 'admin1',
  'admin12', 'admin123', 'admin1234', 'admin@123', 'administrator', 'root123', 'toor123',
  'changeme', 'changeme123', 'default', 'default1', 'letmein', 'letmein1', 'letmein123',
  'login1', 'login123', 'guest123', 'test123', 'test1234', 'testing', 'testing123', 'tester',
  'user123', 'user1234', 'demo123', 'secret', 'secret1', 'secret123', 'iloveyou', 'iloveyou1',
  'iloveyou2', 'loveyou', 'loveme', 'lovely', 'lovers', 'mylove', 'whatever', 'nothing',
  'trustno1', 'access', 'access14', 'master', 'master123', 'mypass', 'mypassword', 'newpass',
  'newpassword', 'oldpassword', 'temp123', 'temppass', 'qwerty@123', 'hello1', 'hello123',
  'hello@123', 'helloworld', 'goodluck', 'success', 'freedom', 'forever', 'sunshine', 'starwars',
  'princess', 'superman', 'batman', 'spiderman', 'ironman', 'pokemon', 'matrix', 'dragon',
  'shadow', 'monkey', 'master1', 'killer', 'hunter', 'hunter2', 'ranger', 'soccer', 'hockey',
  'football', 'baseball', 'basketball', 'cricket', 'cricket123', 'tennis', 'golfer', 'harley',
  'mustang', 'ferrari', 'porsche', 'corvette', 'mercedes', 'yamaha', 'computer', 'internet',
  'samsung', 'google', 'facebook', 'youtube', 'linkedin', 'microsoft', 'windows', 'android',
  'iphone', 'apple123', 'summer', 'winter', 'autumn', 'spring', 'monday', 'friday', 'sunday',
  'january', 'december', 'chocolate', 'cookie', 'cheese', 'banana', 'orange', 'pepper',
  'ginger', 'flower', 'butterfly', 'purple', 'silver', 'golden', 'diamond', 'heaven', 'angel1',
  'angels', 'blessed', 'jesus1', 'christ', 'buster', 'tigger', 'charlie', 'bailey', 'maggie',
  'sophie', 'jessica', 'ashley', 'michael', 'jennifer', 'daniel', 'thomas', 'jordan', 'jordan23',
  'andrew', 'joshua', 'robert', 'matthew', 'anthony', 'william', 'nicole', 'michelle', 'amanda',
  'babygirl', 'babyboy', 'princess1', 'hottie', 'sweety', 'sweetheart', 'liverpool',
  'chelsea', 'arsenal', 'barcelona', 'manchester', 'juventus', 'realmadrid', 'football1',
  'soccer1', 'pakistan', 'bangladesh', 'america', 'london', 'zxcvbnm1',
  // India
  'india123', 'india@123', 'india1234', 'indian', 'iloveindia', 'incredibleindia',
  'jaihind', 'jaihind123', 'bharat', 'bharat123', 'hindustan', 'vandemataram', 'mumbai',
  'mumbai123', 'delhi123', 'newdelhi', 'kolkata', 'chennai', 'bangalore', 'bengaluru',
  'hyderabad', 'pune123', 'kanpur', 'kanpur123', 'lucknow', 'jaipur', 'ahmedabad', 'varanasi',
  'krishna', 'krishna123', 'harekrishna', 'radhakrishna', 'jaishreeram', 'jaishriram',
  'shreeram', 'sriram', 'ramram', 'omsairam', 'sairam', 'saibaba', 'omnamahshivaya',
  'omnamahshivay', 'harharmahadev', 'mahadev', 'shiva123', 'ganesh', 'ganesha', 'ganpati',
  'hanuman', 'jaihanuman', 'bajrangbali', 'durga123', 'lakshmi', 'saraswati', 'waheguru',
  'bismillah', 'allah123', 'sachin', 'sachin123', 'tendulkar', 'dhoni007', 'msdhoni',
  'viratkohli', 'kohli18', 'rohit45', 'cricket1', 'ipl2024', 'bollywood',
  'shahrukh', 'salmankhan', 'amitabh', 'rahul123', 'priya123', 'pooja123', 'neha123',
  'amit123', 'sunil123', 'anil123', 'ravi123', 'raj123', 'rajesh', 'suresh', 'ramesh',
  'mahesh', 'ganesh123', 'deepak', 'manoj123', 'vijay123', 'kumar123', 'sharma', 'sharma123',
  'singh123', 'gupta123', 'verma123', 'patel123', 'yadav123', 'mother', 'father', 'family',
  'mummy123', 'papa123', 'maa123', 'mylife', 'happy123', 'happylife', 'student', 'student1',
  'student123', 'teacher', 'teacher1', 'teacher123', 'school', 'school1', 'school123',
  'school@123', 'principal', 'principal123', 'college', 'college123', 'vidyalaya',
  'vidyalaya1', 'vidyalaya123', 'vidyalaya@123', 'kendriya', 'kendriyavidyalaya', 'education',
  'exam2024', 'exam2025', 'result', 'office', 'office123', 'office@123', 'accounts', 'account1',
  'account123', 'finance', 'payroll',
  // Years and seasons people append
  'password2023', 'password2024', 'password2025', 'password2026', 'welcome2024', 'welcome2025',
  'summer2024', 'summer2025', 'winter2024', 'winter2025', 'india2024', 'india2025', 'school2024',
  'school2025', 'admin2024', 'admin2025', '2024-25', '2025-26', '20242025', '20252026',
];

const SERVER_COMMON = new Set(SERVER_COMMON_PASSWORDS);

/** True when the password appears in this server-side list (case and surrounding spaces ignored). */
export function isInServerCommonList(password: string): boolean {
  return SERVER_COMMON.has(password.trim().toLowerCase());
}
