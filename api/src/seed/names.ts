// Name lists for a believable mixed UK and international school. gender: 1 male, 2 female.
export const MALE_FIRST_NAMES = [
  'James', 'Oliver', 'Harry', 'George', 'Thomas', 'William', 'Daniel', 'Samuel', 'Joseph', 'Edward',
  'Callum', 'Owen', 'Rhys', 'Aidan', 'Connor', 'Liam', 'Mohammed', 'Omar', 'Yusuf', 'Arjun',
  'Rohan', 'Wei', 'Hiroshi', 'Min-jun', 'Mateo', 'Javier', 'Luca', 'Marco', 'Piotr', 'Tomasz',
  'Andrei', 'Mehmet', 'Lucas', 'Felipe', 'Pierre', 'Hugo', 'Jonas', 'Lars', 'Dmytro', 'Kofi',
];

export const FEMALE_FIRST_NAMES = [
  'Olivia', 'Amelia', 'Isla', 'Emily', 'Sophie', 'Charlotte', 'Grace', 'Hannah', 'Lucy', 'Chloe',
  'Megan', 'Niamh', 'Siobhan', 'Eleanor', 'Rebecca', 'Aisha', 'Fatima', 'Layla', 'Priya', 'Ananya',
  'Mei', 'Yuki', 'Ji-woo', 'Sofia', 'Lucia', 'Carmen', 'Giulia', 'Chiara', 'Agnieszka', 'Zofia',
  'Elena', 'Zeynep', 'Beatriz', 'Camille', 'Léa', 'Anna', 'Ingrid', 'Olena', 'Ama', 'Valentina',
];

export const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
  'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
  'Patel', 'Khan', 'Shah', 'Ahmed', 'Hughes', 'Edwards', 'Murphy', "O'Brien", 'Kelly', 'Campbell',
  'Stewart', 'MacDonald', 'Price', 'Bennett', 'Cooper', 'Morgan', 'Fletcher', 'Hughes-Lloyd', 'Ward', 'Turner',
  'García', 'Fernández', 'López', 'Martínez', 'Rossi', 'Bianchi', 'Moreau', 'Dubois', 'Müller', 'Schmidt',
  'Nowak', 'Kowalski', 'Wiśniewska', 'Popescu', 'Yılmaz', 'Demir', 'Silva', 'Santos', 'Oliveira', 'Kovalenko',
  'Wang', 'Li', 'Zhang', 'Chen', 'Tanaka', 'Sato', 'Kim', 'Park', 'Nguyen', 'Tran',
  'Singh', 'Gupta', 'Mensah', 'Okafor', 'Haddad', 'Al-Sayed', 'Rahman', 'Hassan', 'Novak', 'Andersen',
];

/** First name for a gender id (1 male, 2 female, 3 either list). */
export function firstNamesFor(genderId: number): readonly string[] {
  if (genderId === 1) return MALE_FIRST_NAMES;
  if (genderId === 2) return FEMALE_FIRST_NAMES;
  return [...MALE_FIRST_NAMES.slice(0, 10), ...FEMALE_FIRST_NAMES.slice(0, 10)];
}

/** 'Zoë O'Brien-Lloyd' → 'zoe.obrien-lloyd', for e-mails and usernames. */
export function slugName(firstName: string, lastName: string): string {
  const clean = (s: string) =>
    s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i').replace(/ł/g, 'l').toLowerCase().replace(/[^a-z-]/g, '');
  return `${clean(firstName)}.${clean(lastName)}`;
}

export const NATIONALITIES = [
  'British', 'Irish', 'Spanish', 'French', 'German', 'Italian', 'Polish', 'Portuguese', 'Brazilian', 'Chinese',
  'Japanese', 'South Korean', 'Indian', 'Turkish', 'Saudi', 'Ukrainian', 'Romanian', 'Colombian', 'Mexican', 'Vietnamese',
  'Thai', 'American', 'Nigerian', 'Ghanaian',
];

/** Nationality names weighted for the students of a UK school: mostly British, many from abroad. */
export const STUDENT_NATIONALITY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['British', 18], ['Spanish', 8], ['Italian', 7], ['Polish', 7], ['Chinese', 7], ['Brazilian', 5], ['French', 4],
  ['German', 4], ['Japanese', 4], ['South Korean', 4], ['Turkish', 4], ['Saudi', 3], ['Ukrainian', 3],
  ['Romanian', 3], ['Colombian', 3], ['Vietnamese', 3], ['Indian', 3], ['Portuguese', 2], ['Mexican', 2],
  ['Thai', 2], ['Irish', 1], ['American', 1], ['Nigerian', 1], ['Ghanaian', 1],
];
