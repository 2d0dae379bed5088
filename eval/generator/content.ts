import type { Random } from './random.js';

/** People, companies, places, phone numbers and dates as they appear on US renovation paperwork. */

const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth', 'Carlos', 'Susan',
  'Thomas', 'Jessica', 'Daniel', 'Karen', 'Anthony', 'Nancy', 'Marcus', 'Lisa', 'Kevin', 'Angela', 'Brian', 'Monique',
  'Steven', 'Rebecca', 'Jose', 'Laura', 'Gregory', 'Denise', 'Hiroshi', 'Priya', 'Terrence', 'Colleen', 'Rafael', 'Dana',
  'Walter', 'Yolanda', 'Curtis', 'Heather', 'Darnell', 'Tamara', 'Phillip', 'Lucia', 'Raymond', 'Shannon', 'Victor', 'Wendy',
];

const LAST_NAMES = [
  'Anderson', 'Okafor', 'Brennan', 'Castillo', 'Delgado', 'Eriksen', 'Fitzgerald', 'Gallagher', 'Hughes', 'Ibarra', 'Jablonski',
  'Kowalczyk', 'Lindqvist', 'McAllister', 'Nakamura', 'Oyelaran', 'Pham', 'Quintero', 'Rasmussen', 'Sandoval', 'Thibodeaux',
  'Underwood', 'Vasquez', 'Whitaker', 'Yoder', 'Zimmerman', 'Baptiste', 'Chaudhry', 'Donnelly', 'Espinoza', 'Friedman',
  'Grayson', 'Holloway', 'Kaminski', 'Lombardi', 'Mendoza', 'Novak', "O'Connell", 'Petrakis', 'Reyes', 'Schultz', 'Tran',
  'Vaughn', 'Washington', 'Abernathy', 'Bianchi', 'Coleman', 'Dubois', 'Everett', 'Ferreira',
];

const STREET_NAMES = [
  'Maple', 'Oak Hollow', 'Chestnut', 'Willow Bend', 'Juniper', 'Harrison', 'Lincoln', 'Ridgecrest', 'Magnolia', 'Sycamore',
  'Bayberry', 'Fairmount', 'Cedar Glen', 'Hawthorne', 'Pleasant Valley', 'Mill Creek', 'Prospect', 'Laurel', 'Quarry',
  'Orchard', 'Whitney', 'Belmont', 'Kingsley', 'Tanglewood', 'Dogwood', 'Stonebridge', 'Mulberry', 'Garfield', 'Riverside',
];

const STREET_TYPES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl', 'Ter', 'Cir', 'Street', 'Avenue', 'Road', 'Drive'];

interface City {
  city: string;
  state: string;
  zip: number;
  areaCode: number;
}

const CITIES: City[] = [
  { city: 'Columbus', state: 'OH', zip: 432, areaCode: 614 },
  { city: 'Dayton', state: 'OH', zip: 454, areaCode: 937 },
  { city: 'Baltimore', state: 'MD', zip: 212, areaCode: 410 },
  { city: 'Richmond', state: 'VA', zip: 232, areaCode: 804 },
  { city: 'Raleigh', state: 'NC', zip: 276, areaCode: 919 },
  { city: 'Charlotte', state: 'NC', zip: 282, areaCode: 704 },
  { city: 'Atlanta', state: 'GA', zip: 303, areaCode: 404 },
  { city: 'Birmingham', state: 'AL', zip: 352, areaCode: 205 },
  { city: 'Memphis', state: 'TN', zip: 381, areaCode: 901 },
  { city: 'Knoxville', state: 'TN', zip: 379, areaCode: 865 },
  { city: 'St. Louis', state: 'MO', zip: 631, areaCode: 314 },
  { city: 'Kansas City', state: 'MO', zip: 641, areaCode: 816 },
  { city: 'Omaha', state: 'NE', zip: 681, areaCode: 402 },
  { city: 'Des Moines', state: 'IA', zip: 503, areaCode: 515 },
  { city: 'Milwaukee', state: 'WI', zip: 532, areaCode: 414 },
  { city: 'Toledo', state: 'OH', zip: 436, areaCode: 419 },
  { city: 'Buffalo', state: 'NY', zip: 142, areaCode: 716 },
  { city: 'Albany', state: 'NY', zip: 122, areaCode: 518 },
  { city: 'Hartford', state: 'CT', zip: 61, areaCode: 860 },
  { city: 'Providence', state: 'RI', zip: 29, areaCode: 401 },
  { city: 'Tucson', state: 'AZ', zip: 857, areaCode: 520 },
  { city: 'Albuquerque', state: 'NM', zip: 871, areaCode: 505 },
  { city: 'Boise', state: 'ID', zip: 837, areaCode: 208 },
  { city: 'Spokane', state: 'WA', zip: 992, areaCode: 509 },
  { city: 'Sacramento', state: 'CA', zip: 958, areaCode: 916 },
  { city: 'Fresno', state: 'CA', zip: 937, areaCode: 559 },
  { city: 'San Antonio', state: 'TX', zip: 782, areaCode: 210 },
  { city: 'Tulsa', state: 'OK', zip: 741, areaCode: 918 },
  { city: 'Louisville', state: 'KY', zip: 402, areaCode: 502 },
  { city: 'Jacksonville', state: 'FL', zip: 322, areaCode: 904 },
];

const CONSULTING_WORDS = ['Keystone', 'Cornerstone', 'Blue Heron', 'Lighthouse', 'Plumb Line', 'True North', 'Benchmark', 'Sterling', 'Copperline', 'Meridian'];
const CONSULTING_KINDS = ['203(k) Consulting', 'Renovation Consultants', 'Property Inspections', 'Building Consultants', 'Home Inspection & Consulting'];
const COMPANY_SUFFIXES = ['LLC', 'Inc.', 'Co.', 'Group', 'PLLC', 'Ltd.'];
const CONTRACTOR_WORDS = ['Home Improvement', 'Construction', 'Builders', 'Remodeling', 'Restoration', 'Contracting', 'Renovations', 'Design-Build'];
const CONTRACTOR_PLACES = ['Summit', 'Valley', 'Tri-County', 'Heritage', 'Liberty', 'Ironwood', 'Bluegrass', 'Prairie', 'Harbor', 'Old Town'];
const LENDERS = [
  'First Meridian Mortgage', 'Lakeside Community Bank', 'Union Federal Savings & Loan', 'Crescent Home Lending', 'Pinnacle Mortgage Corp.',
  'Heartland Credit Union', 'Granite State Bank, N.A.', 'Redbud Federal Credit Union', 'Northgate Home Loans', 'Commonwealth Mortgage Group',
  'Cardinal Financial Bank', 'Evergreen Savings Bank',
];

export interface Place {
  city: string;
  state: string;
  zip: string;
  areaCode: number;
}

export interface Address extends Place {
  street: string;
  line2: string | null;
}

function place(random: Random): Place {
  const city = random.pick(CITIES);
  const zip = String(city.zip * 100 + random.int(1, 99)).padStart(5, '0');
  return { city: city.city, state: city.state, zip: random.chance(0.15) ? `${zip}-${random.int(1000, 9999)}` : zip, areaCode: city.areaCode };
}

export function address(random: Random, near?: Place, suite = false): Address {
  const where = near ? { ...near, zip: near.zip.slice(0, 3) + String(random.int(1, 99)).padStart(2, '0') } : place(random);
  const street = `${random.int(12, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_TYPES)}`;
  return { ...where, street, line2: suite ? random.pick([`Suite ${random.int(100, 450)}`, `Ste ${random.int(2, 30)}`, `Unit ${random.pick(['A', 'B', 'C', '4', '12'])}`]) : null };
}

/** The answer form: "street, [line 2, ]city, ST ZIP". */
export const addressText = (value: Address): string => [value.street, value.line2, `${value.city}, ${value.state} ${value.zip}`].filter(Boolean).join(', ');

export function personName(random: Random, middleInitial = random.chance(0.4)): string {
  const middle = middleInitial ? ` ${String.fromCharCode(65 + random.int(0, 25))}.` : '';
  return `${random.pick(FIRST_NAMES)}${middle} ${random.pick(LAST_NAMES)}`;
}

export function borrowerNames(random: Random): string {
  const first = personName(random);
  if (random.chance(0.45)) return first;
  const surname = first.split(' ').at(-1)!;
  const second = random.chance(0.5) ? `${random.pick(FIRST_NAMES)} ${surname}` : personName(random);
  return `${first}${random.pick([' and ', ' & '])}${second}`;
}

export function consultingCompany(random: Random): string {
  return `${random.pick(CONSULTING_WORDS)} ${random.pick(CONSULTING_KINDS)}${random.chance(0.6) ? `, ${random.pick(COMPANY_SUFFIXES)}` : ''}`;
}

export function contractorCompany(random: Random): string {
  const lead = random.chance(0.5) ? random.pick(LAST_NAMES) : random.pick(CONTRACTOR_PLACES);
  const suffix = random.chance(0.55) ? `${random.chance(0.5) ? ',' : ''} ${random.pick(COMPANY_SUFFIXES)}` : '';
  return `${lead} ${random.pick(CONTRACTOR_WORDS)}${suffix}`;
}

export const lenderName = (random: Random): string => random.pick(LENDERS);

export function phoneNumber(random: Random, areaCode: number): string {
  const exchange = random.int(201, 989);
  const line = String(random.int(0, 9999)).padStart(4, '0');
  return random.pick([`(${areaCode}) ${exchange}-${line}`, `${areaCode}-${exchange}-${line}`, `${areaCode}.${exchange}.${line}`]);
}

export function contractorLicense(random: Random, state: string): string {
  const digits = String(random.int(10000, 999999));
  return random.pick([`${state}-${digits}`, `${state}${digits}`, `GC-${digits}`, `RBC ${digits}`, `${digits}-${random.int(10, 99)}`]);
}

export function emailFor(person: string, company: string): string {
  const [first, ...rest] = person.toLowerCase().replace(/[^a-z ]/g, '').split(' ');
  const domain = company
    .toLowerCase()
    .replace(/,?\s+(llc|inc\.|co\.|group|pllc|ltd\.)$/, '')
    .replace(/[^a-z]/g, '')
    .slice(0, 18);
  return `${first[0]}${rest.at(-1)}@${domain}.com`;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function calendarDate(random: Random): CalendarDate {
  return { year: random.int(2025, 2026), month: random.int(1, 12), day: random.int(1, 28) };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

export const isoDate = (date: CalendarDate): string =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** `dotted` is month first ("03.14.2026"), `dayDotted` day first as in Germany ("14.03.2026"), `daySlashed` day first as in France or Mexico ("14/03/2026"). */
export type DateStyle = 'us' | 'long' | 'short' | 'dotted' | 'dayDotted' | 'daySlashed' | 'abbrev' | 'iso';

export function formatDate(date: CalendarDate, style: DateStyle): string {
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  if (style === 'long') return `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
  if (style === 'short') return `${date.month}/${date.day}/${String(date.year).slice(2)}`;
  if (style === 'dotted') return `${mm}.${dd}.${date.year}`;
  if (style === 'dayDotted') return `${dd}.${mm}.${date.year}`;
  if (style === 'daySlashed') return `${dd}/${mm}/${date.year}`;
  if (style === 'iso') return isoDate(date);
  if (style === 'abbrev') return `${dd}-${MONTHS[date.month - 1].slice(0, 3)}-${date.year}`;
  return `${mm}/${dd}/${date.year}`;
}
