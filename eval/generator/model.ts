import {
  address, addDays, borrowerNames, calendarDate, consultingCompany, contractorCompany, contractorLicense, emailFor, lenderName,
  personName, phoneNumber, type Address, type CalendarDate,
} from './content.js';
import type { Random } from './random.js';
import { CREDITS, LOCATIONS, ROOMS, SPEC_PHRASES, TRADES, WORK_ITEMS, type Credit, type Room, type Trade, type Unit, type WorkItem } from './work-items.js';

/** The data of one statement of repair, independent of layout. Money is in integer cents. */

export interface LineItem {
  description: string;
  quantity: number;
  unit: Unit;
  materialRate: number;
  laborRate: number;
  material: number;
  labor: number;
  equipment: number;
  tax: number;
  total: number;
  /** Labor hours where the labor is priced by the hour (`laborRate` is then the hourly rate). */
  hours?: number;
}

export interface Section {
  /** The heading as printed ("" when the items come before any heading). */
  heading: string;
  items: LineItem[];
}

export interface RecapLine {
  label: string;
  amount: number;
}

export interface Markup {
  /** Percent, as printed when the family prints it. */
  rate: number;
  amount: number;
}

export interface Recap {
  subtotal: number;
  generalConditions: Markup | null;
  overhead: Markup | null;
  /** Set when overhead and profit are separate markups; the answer adds them up. */
  profit: Markup | null;
  /** Priced lines between the markups and the grand total (permits, fees, sales tax). */
  before: RecapLine[];
  grandTotal: number;
  /** Lines after the grand total (contingency reserve, fees, totals of another kind). */
  after: RecapLine[];
}

export interface Parties {
  consultant: string;
  consultantCompany: string;
  consultantAddress: Address;
  consultantPhone: string;
  consultantEmail: string;
  consultantId: string;
  property: Address;
  borrower: string;
  lender: string;
  inspectionDate: CalendarDate;
  reportDate: CalendarDate;
  fileNumber: string;
  fhaCaseNumber: string;
  loanNumber: string;
  contractor: { name: string; license: string; phone: string; address: Address; email: string } | null;
  buildingSize: number;
  yearBuilt: number;
  units: number;
}

export interface SorDocument {
  /** The seed the document was built from; renderers derive their own choices from it. */
  seed: string;
  parties: Parties;
  sections: Section[];
  recap: Recap;
}

export interface GroupInfo {
  ordinal: number;
  trade: Trade | null;
  room: Room | null;
}

export interface RecapSpec {
  generalConditions: number[] | null;
  overheadAndProfit: number[] | null;
  /** Overhead and profit as two markups. */
  split?: boolean;
  overheadOnGeneralConditions?: boolean;
  before?: (random: Random, sections: Section[]) => RecapLine[];
  after?: (random: Random, grandTotal: number, sections: Section[]) => RecapLine[];
}

export interface DocumentSpec {
  itemCount: number;
  grouping: 'trade' | 'room';
  heading: (group: GroupInfo) => string;
  /** Probability that a description gets a spec phrase (twice that value for a second one). */
  verbosity: number;
  /** Whole-dollar extended amounts and whole quantities, as contractor bids print them (no unit rates printed). */
  wholeDollars?: boolean;
  /** Equipment share and sales tax on materials, for estimating exports that print both. */
  equipmentAndTax?: { taxRate: number };
  /** Sales tax on materials in percent, without equipment, for estimates that print a tax column only. */
  materialTax?: number;
  upperCase?: boolean;
  /** General items first, under no heading. */
  unheadedLead?: boolean;
  /** The contractor is always known (documents issued by the contractor). */
  contractorSelected?: boolean;
  /** Only these work items (a specialty contractor's scope): every trade or room with work gets a section, up to one per item. */
  works?: (work: WorkItem) => boolean;
  /** The work text with its quantity and unit written into it ("Install 12 LF base trim"), before locations and spec phrases. */
  withQuantity?: (text: string, quantity: number, unit: Unit) => string;
  /** Labor priced by the hour: the hourly rate in cents for the work; the labor is then whole half-hours at that rate. */
  hourlyRate?: (work: WorkItem) => number;
  /** Half feet in linear and square-foot quantities ("12.5") half the time. */
  halfFeet?: boolean;
  /** No location words in the descriptions: the family prints each item's location in a column of its own. */
  locationColumn?: boolean;
  /** Probability that a section with a matching credit ends with one: a deduct line of one LS with a negative material or labor amount. */
  credits?: number;
  /** Sections the family adds after the work sections from lists of its own (a bid's allowances, g23). */
  extraSections?: (random: Random, sections: Section[]) => Section[];
  recap: RecapSpec;
}

const percentOf = (cents: number, rate: number): number => Math.round((cents * rate) / 100);

/** Half-unit quantities for SQ and CY (and for LF and SF where `halfFeet`), whole ones otherwise; LS is always 1. */
function quantityFor(random: Random, work: WorkItem, wholeOnly: boolean, halfFeet: boolean): number {
  const [min, max] = work.quantity;
  if (work.unit === 'LS') return 1;
  if ((work.unit === 'SQ' || work.unit === 'CY') && !wholeOnly && random.chance(0.4)) return random.int(min * 2, max * 2) / 2;
  const value = random.int(min, max);
  if (halfFeet && (work.unit === 'LF' || work.unit === 'SF') && random.chance(0.5)) return value + 0.5;
  return value >= 200 && random.chance(0.5) ? Math.round(value / 10) * 10 : value;
}

/** A unit rate in cents: cents below $20, whole dollars below $500, then multiples of $5. */
function rateFor(random: Random, [min, max]: [number, number], quantity: number): number {
  if (max === 0) return 0;
  const dollars = random.float(min, max);
  let cents = dollars < 20 ? Math.round(dollars * 100) : dollars < 500 ? Math.round(dollars) * 100 : Math.round(dollars / 5) * 500;
  if (!Number.isInteger(quantity) && cents % 2 === 1) cents += 1;
  return Math.max(cents, 1);
}

function describe(random: Random, spec: DocumentSpec, work: WorkItem, room: Room | null, quantity: number): string {
  let text = spec.withQuantity ? spec.withQuantity(work.text, quantity, work.unit) : work.text;
  const locations = room ? undefined : work.areas.map((area) => LOCATIONS[area]).find(Boolean);
  if (locations && !spec.locationColumn && random.chance(0.35)) text += `, ${random.pick(locations)}`;
  const specified = !['general', 'demolition'].includes(work.trade) && work.unit !== 'HR';
  const phrases = random.sample(SPEC_PHRASES, 2);
  if (specified && random.chance(spec.verbosity)) text += `; ${phrases[0]}`;
  if (specified && random.chance(spec.verbosity / 2)) text += `; ${phrases[1]}`;
  return spec.upperCase ? text.toUpperCase() : text;
}

function lineItem(random: Random, spec: DocumentSpec, work: WorkItem, room: Room | null): LineItem {
  const wholeDollars = spec.wholeDollars ?? false;
  const quantity = quantityFor(random, work, wholeDollars, spec.halfFeet ?? false);
  const materialRate = rateFor(random, work.material, quantity);
  let laborRate = rateFor(random, work.labor, quantity);
  // Bids in whole dollars print no rates, so the extended amounts are rounded instead.
  const extend = (rate: number) => (wholeDollars ? Math.round((quantity * rate) / 100) * 100 : Math.round(quantity * rate));
  const material = extend(materialRate);
  let labor = extend(laborRate);
  let hours: number | undefined;
  if (spec.hourlyRate) {
    laborRate = spec.hourlyRate(work);
    hours = labor > 0 ? Math.max(0.5, Math.round((labor * 2) / laborRate) / 2) : 0;
    labor = hours * laborRate;
  }
  let equipment = 0;
  let tax = 0;
  if (spec.equipmentAndTax) {
    equipment = work.equipment ? Math.round(labor * work.equipment) : 0;
    tax = percentOf(material, spec.equipmentAndTax.taxRate);
  } else if (spec.materialTax !== undefined) {
    tax = percentOf(material, spec.materialTax);
  }
  const description = describe(random, spec, work, room, quantity);
  const item: LineItem = { description, quantity, unit: work.unit, materialRate, laborRate, material, labor, equipment, tax, total: material + labor + equipment + tax };
  return hours === undefined ? item : { ...item, hours };
}

/** A deduct line: owner-furnished material or owner-performed work, or salvage value, taken off the section. */
function creditItem(random: Random, spec: DocumentSpec, credit: Credit): LineItem {
  const amount = -Math.round(random.float(credit.amount[0], credit.amount[1]) / 5) * 500;
  const material = credit.kind === 'material' ? amount : 0;
  const labor = credit.kind === 'labor' ? amount : 0;
  const tax = spec.equipmentAndTax ? percentOf(material, spec.equipmentAndTax.taxRate) : spec.materialTax !== undefined ? percentOf(material, spec.materialTax) : 0;
  const description = spec.upperCase ? credit.text.toUpperCase() : credit.text;
  return { description, quantity: 1, unit: 'LS', materialRate: material, laborRate: labor, material, labor, equipment: 0, tax, total: material + labor + tax };
}

function creditFor(random: Random, spec: DocumentSpec, info: GroupInfo, used: Set<string>): LineItem | null {
  if (spec.credits === undefined || !random.chance(spec.credits)) return null;
  const matching = CREDITS.filter((credit) => !used.has(credit.text.toLowerCase()) && (info.room ? credit.areas.includes(info.room.area) : credit.trade === info.trade?.id));
  if (matching.length === 0) return null;
  const item = creditItem(random, spec, random.pick(matching));
  used.add(item.description.toLowerCase());
  return item;
}

/** Splits `count` items over groups, each getting at least one and at most its capacity. */
function spread(random: Random, count: number, capacities: number[]): number[] {
  const sizes = capacities.map(() => 1);
  for (let placed = sizes.length; placed < count; placed += 1) {
    const open = sizes.flatMap((size, index) => (size < capacities[index] ? [index] : []));
    if (open.length === 0) break;
    sizes[random.pick(open)] += 1;
  }
  return sizes;
}

interface Group {
  info: GroupInfo;
  pool: WorkItem[];
}

function groupsFor(random: Random, spec: DocumentSpec, wanted: number): Group[] {
  const works = spec.works ? WORK_ITEMS.filter(spec.works) : WORK_ITEMS;
  if (spec.grouping === 'trade') {
    const trades = TRADES.filter((trade) => !(spec.unheadedLead && trade.id === 'general') && works.some((work) => work.trade === trade.id));
    const chosen = new Set(random.sample(trades, wanted).map((trade) => trade.id));
    return trades
      .filter((trade) => chosen.has(trade.id))
      .map((trade) => ({ info: { ordinal: 0, trade, room: null }, pool: works.filter((work) => work.trade === trade.id) }));
  }
  const roomPool = (room: Room) => works.filter((work) => work.areas.includes(room.area) && work.trade !== 'general');
  const rooms = random.sample(ROOMS.filter((room) => !(spec.unheadedLead && room.area === 'whole') && (!spec.works || roomPool(room).length > 0)), wanted);
  return rooms.map((room) => ({ info: { ordinal: 0, trade: null, room }, pool: roomPool(room) }));
}

/** Items of the group's pool, each work item once while unused ones remain; descriptions never repeat. */
function sectionItems(random: Random, spec: DocumentSpec, group: Group, count: number, used: Set<string>): LineItem[] {
  const items: LineItem[] = [];
  const listed = new Set<string>();
  for (let attempt = 0; items.length < count && attempt < count * 8; attempt += 1) {
    const fresh = group.pool.filter((work) => !used.has(`work:${work.text}`));
    const work = random.pick(fresh.length > 0 ? fresh : group.pool);
    used.add(`work:${work.text}`);
    // Quantities make every description new, so a repeated work item is caught by its text: once per section.
    if (spec.withQuantity && listed.has(work.text)) continue;
    listed.add(work.text);
    const item = lineItem(random, spec, work, group.info.room);
    if (used.has(item.description.toLowerCase())) continue;
    used.add(item.description.toLowerCase());
    items.push(item);
  }
  return items;
}

function buildSections(random: Random, spec: DocumentSpec): Section[] {
  const used = new Set<string>();
  const sections: Section[] = [];
  let remaining = spec.itemCount;
  if (spec.unheadedLead) {
    const lead = Math.min(remaining - 1, random.int(2, 4));
    const general: Group = { info: { ordinal: 0, trade: TRADES[0], room: null }, pool: WORK_ITEMS.filter((work) => work.trade === 'general') };
    sections.push({ heading: '', items: sectionItems(random, spec, general, lead, used) });
    remaining -= sections[0].items.length;
  }
  // A specialty scope is small: every trade or room that has work is used.
  const wanted = spec.works ? remaining : Math.round(remaining / random.float(2.5, 5));
  const groupCount = Math.max(1, Math.min(spec.grouping === 'trade' ? TRADES.length : 9, wanted));
  const groups = groupsFor(random, spec, groupCount);
  const sizes = spread(random, remaining, groups.map((group) => new Set(group.pool.map((work) => work.text)).size));
  groups.forEach((group, index) => {
    const info = { ...group.info, ordinal: index + 1 };
    const items = sectionItems(random, spec, group, sizes[index], used);
    const credit = items.length > 0 ? creditFor(random.child(`credit ${index}`), spec, info, used) : null;
    sections.push({ heading: spec.heading(info), items: credit ? [...items, credit] : items });
  });
  const worked = sections.filter((section) => section.items.length > 0);
  return spec.extraSections ? [...worked, ...spec.extraSections(random.child('extra sections'), worked)] : worked;
}

function buildRecap(random: Random, spec: RecapSpec, sections: Section[]): Recap {
  const subtotal = sections.flatMap((section) => section.items).reduce((sum, item) => sum + item.total, 0);
  const markup = (rates: number[] | null, base: number): Markup | null => {
    if (!rates) return null;
    const rate = random.pick(rates);
    return { rate, amount: percentOf(base, rate) };
  };
  const generalConditions = markup(spec.generalConditions, subtotal);
  const base = subtotal + (spec.overheadOnGeneralConditions ? (generalConditions?.amount ?? 0) : 0);
  const overhead = markup(spec.overheadAndProfit, base);
  const profit = spec.split ? markup([5, 6, 8, 10], base) : null;
  const before = spec.before?.(random, sections) ?? [];
  const grandTotal = [subtotal, generalConditions?.amount, overhead?.amount, profit?.amount, ...before.map((line) => line.amount)]
    .reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  return { subtotal, generalConditions, overhead, profit, before, grandTotal, after: spec.after?.(random, grandTotal, sections) ?? [] };
}

function buildParties(random: Random, contractorSelected: boolean): Parties {
  const consultant = personName(random);
  const consultantCompany = consultingCompany(random);
  const consultantAddress = address(random, undefined, random.chance(0.5));
  const property = address(random, consultantAddress);
  const inspectionDate = calendarDate(random);
  const contractorName = contractorCompany(random);
  const contractorAddress = address(random, property, random.chance(0.3));
  const contractorPerson = personName(random, false);
  return {
    consultant,
    consultantCompany,
    consultantAddress,
    consultantPhone: phoneNumber(random, consultantAddress.areaCode),
    consultantEmail: emailFor(consultant, consultantCompany),
    consultantId: `${random.pick(['C', 'D'])}${String(random.int(100, 1999)).padStart(4, '0')}`,
    property,
    borrower: borrowerNames(random),
    lender: lenderName(random),
    inspectionDate,
    reportDate: addDays(inspectionDate, random.int(1, 9)),
    fileNumber: random.pick([`${random.int(2025, 2026)}-${random.int(1000, 9999)}`, `WU-${random.int(10000, 99999)}`, `${random.int(100, 999)}${random.pick(['A', 'B', 'K'])}`]),
    fhaCaseNumber: `${String(random.int(11, 599)).padStart(3, '0')}-${random.int(1000000, 9999999)}`,
    loanNumber: String(random.int(10000000, 9999999999)),
    contractor: contractorSelected || random.chance(0.85)
      ? {
          name: contractorName,
          license: contractorLicense(random, property.state),
          phone: phoneNumber(random, property.areaCode),
          address: contractorAddress,
          email: emailFor(contractorPerson, contractorName),
        }
      : null,
    buildingSize: random.int(9, 42) * 100 + random.pick([0, 25, 50, 75]),
    yearBuilt: random.int(1900, 1995),
    units: random.chance(0.85) ? 1 : random.int(2, 4),
  };
}

export function buildDocument(random: Random, spec: DocumentSpec): SorDocument {
  const parties = buildParties(random.child('parties'), spec.contractorSelected ?? false);
  const sections = buildSections(random.child('sections'), spec);
  return { seed: random.seed, parties, sections, recap: buildRecap(random.child('recap'), spec.recap, sections) };
}

export const sectionTotal = (section: Section, field: 'material' | 'labor' | 'equipment' | 'tax' | 'total' = 'total'): number =>
  section.items.reduce((sum, item) => sum + item[field], 0);
