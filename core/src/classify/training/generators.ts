import type { Random } from './rng.js';

const FIRST = ['James', 'Maria', 'Robert', 'Linda', 'Wei', 'Aisha', 'Carlos', 'Emily', 'Tyrone', 'Priya', 'Daniel', 'Olga', 'Kevin', 'Fatima', 'Brian', 'Grace', 'Hector', 'Nora', 'Samuel', 'Keiko'];
const LAST = ['Smith', 'Garcia', 'Johnson', 'Nguyen', 'Patel', 'Brown', 'Okafor', 'Miller', 'Kowalski', 'Davis', 'Hernandez', 'Walker', 'Chen', 'Lopez', 'Murphy', 'Rossi', 'Kim', 'Anderson', 'Baker', 'Singh'];
const COMPANY_HEAD = ['Summit', 'Blue Ridge', 'Lakeside', 'Ironwood', 'Pioneer', 'Harbor', 'Red Oak', 'Granite', 'Silver Creek', 'Northstar', 'Cedar', 'Liberty', 'Prairie', 'Atlas', 'Keystone', 'Evergreen', 'Bayview', 'Coastal', 'Heritage', 'Tri-County'];
const COMPANY_TAIL = ['Construction LLC', 'Builders Inc.', 'Holdings Corp', 'Services LLC', 'Roofing Co.', 'Plumbing & Heating', 'Electric Inc.', 'Property Management', 'Group LLC', 'Partners LP', 'Restoration Inc.', 'Remodeling LLC', 'Logistics Inc.', 'Consulting Group', 'Supply Co.'];
const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Pine Rd', 'Elm St', 'Cedar Ln', 'Washington Blvd', 'Lakeview Ct', 'Hillcrest Rd', 'Park Pl', 'River Rd', 'Sunset Blvd', 'Church St', 'Mill Pond Way'];
const CITIES = ['Springfield, IL', 'Columbus, OH', 'Austin, TX', 'Denver, CO', 'Raleigh, NC', 'Tampa, FL', 'Phoenix, AZ', 'Nashville, TN', 'Albany, NY', 'Madison, WI', 'Boise, ID', 'Omaha, NE', 'Richmond, VA', 'Portland, OR'];
const INSURERS = ['Hartford Fire Insurance Company', 'Travelers Casualty and Surety', 'Zurich American Insurance Co', 'Liberty Mutual Fire Ins Co', 'Auto-Owners Insurance', 'Cincinnati Insurance Company', 'Nationwide Mutual Insurance', 'State Farm Fire and Casualty', 'Erie Insurance Exchange', 'Markel American Insurance', 'Old Republic General', 'Westfield Insurance Co'];

function digits(random: Random, count: number): string {
  let out = String(random.int(1, 9));
  for (let i = 1; i < count; i++) out += String(random.int(0, 9));
  return out;
}

function money(random: Random): string {
  const magnitude = random.pick([2, 3, 3, 4, 4, 5]);
  const whole = Number(digits(random, magnitude)).toLocaleString('en-US');
  return random.chance(0.7) ? `${whole}.${digits(random, 2)}` : whole;
}

function date(random: Random): string {
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const year = random.int(2015, 2027);
  const pad = (value: number) => String(value).padStart(2, '0');
  return random.pick([`${pad(month)}/${pad(day)}/${year}`, `${month}/${day}/${year}`, `${year}-${pad(month)}-${pad(day)}`, `${pad(month)}-${pad(day)}-${year}`]);
}

/** Values for the `[[name]]` placeholders of training templates. */
export const GENERATORS: Record<string, (random: Random) => string> = {
  money: (random) => `$${money(random)}`,
  amount: money,
  limit: (random) => random.pick(['1,000,000', '2,000,000', '500,000', '100,000', '300,000', '5,000', '10,000', '4,000,000', '1,000,000']),
  int: (random) => String(random.int(1, 400)),
  small: (random) => String(random.int(1, 12)),
  percent: (random) => `${random.int(2, 20)}${random.pick(['', '.0', '.5'])}%`,
  date,
  year: (random) => String(random.int(1920, 2026)),
  person: (random) => `${random.pick(FIRST)} ${random.chance(0.4) ? `${String.fromCharCode(65 + random.int(0, 25))}. ` : ''}${random.pick(LAST)}`,
  company: (random) => `${random.pick(COMPANY_HEAD)} ${random.pick(COMPANY_TAIL)}`,
  insurer: (random) => random.pick(INSURERS),
  street: (random) => `${random.int(10, 9999)} ${random.pick(STREETS)}`,
  city: (random) => `${random.pick(CITIES)} ${digits(random, 5)}`,
  phone: (random) => random.pick([`(${digits(random, 3)}) ${digits(random, 3)}-${digits(random, 4)}`, `${digits(random, 3)}-${digits(random, 3)}-${digits(random, 4)}`, `${digits(random, 3)}.${digits(random, 3)}.${digits(random, 4)}`]),
  email: (random) => `${random.pick(FIRST).toLowerCase()}@${random.pick(COMPANY_HEAD).toLowerCase().replace(/\s+/g, '')}.com`,
  id: (random) => `${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}${digits(random, random.int(5, 10))}`,
  number: (random) => digits(random, random.int(4, 9)),
  naic: (random) => digits(random, 5),
};
