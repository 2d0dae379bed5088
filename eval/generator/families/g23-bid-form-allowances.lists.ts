import { money } from '../layout.js';
import type { LineItem, RecapLine, Section } from '../model.js';
import type { Random } from '../random.js';

/** g23's lists: the allowances a general contractor carries in a base bid, the alternates it offers, unit prices for changes. */

interface Allowance {
  text: string;
  /** Dollars, low and high. */
  amount: [number, number];
}

const ALLOWANCES: Allowance[] = [
  { text: 'Appliance allowance: range, refrigerator, dishwasher and hood, owner selection', amount: [2400, 4800] },
  { text: 'Light fixture allowance, owner selection', amount: [600, 1600] },
  { text: 'Plumbing fixture and trim allowance: faucets, shower trim, accessories', amount: [500, 1400] },
  { text: 'Floor tile material allowance ($4.50 per SF)', amount: [500, 1300] },
  { text: 'Cabinet hardware allowance', amount: [200, 480] },
  { text: 'Concealed conditions allowance: rotted framing and subfloor found when opened up', amount: [1000, 3500] },
  { text: 'Countertop material allowance', amount: [1500, 3200] },
  { text: 'Exterior hardware allowance: mailbox, house numbers, door knockers', amount: [150, 400] },
  { text: 'Window treatment and blind allowance', amount: [300, 900] },
];

/** One to four allowances of the base bid, each one LS line in whole $50. */
export function allowanceSection(random: Random, heading: string): Section {
  const items = random.sample(ALLOWANCES, random.int(1, 4)).map((allowance): LineItem => {
    const amount = Math.round(random.float(...allowance.amount) / 50) * 5000;
    return { description: allowance.text, quantity: 1, unit: 'LS', materialRate: amount, laborRate: 0, material: amount, labor: 0, equipment: 0, tax: 0, total: amount };
  });
  return { heading, items };
}

interface Alternate {
  text: string;
  /** Share of the base bid, low and high. */
  share: [number, number];
  deduct?: boolean;
}

const ALTERNATES: Alternate[] = [
  { text: 'Solid-core two-panel interior doors in lieu of hollow-core six-panel doors', share: [0.01, 0.03] },
  { text: 'Tankless gas water heater in lieu of 50 gal tank water heater', share: [0.015, 0.03] },
  { text: 'Owner to perform all interior painting', share: [0.02, 0.05], deduct: true },
  { text: 'Gutter guards on all new gutters', share: [0.005, 0.012] },
  { text: 'Owner to furnish appliances; contractor to install only', share: [0.02, 0.04], deduct: true },
  { text: 'Luxury vinyl plank in lieu of carpet at all bedrooms', share: [0.01, 0.025] },
  { text: 'Whole-house surge protector and smart thermostat', share: [0.004, 0.01] },
  { text: 'Delete site fence; owner to repair existing fence', share: [0.01, 0.02], deduct: true },
];

/** Two to four alternates priced from the base bid in whole $25, deducts negative. */
export function alternateLines(random: Random, grandTotal: number): RecapLine[] {
  return random.sample(ALTERNATES, random.int(2, 4)).map((alternate, index) => {
    const amount = Math.max(25000, Math.round((grandTotal * random.float(...alternate.share)) / 2500) * 2500);
    return alternate.deduct
      ? { label: `Deduct Alternate No. ${index + 1}: ${alternate.text}`, amount: -amount }
      : { label: `Add Alternate No. ${index + 1}: ${alternate.text}`, amount };
  });
}

const UNIT_PRICES: Array<[string, string, [number, number]]> = [
  ['Additional drywall repair', 'SF', [350, 650]],
  ['Replace rotted subfloor, 3/4 in. plywood', 'SF', [800, 1400]],
  ['Additional duplex receptacle on existing circuit', 'EA', [12500, 19500]],
  ['Additional roof decking replacement', 'SF', [350, 600]],
  ['Sister additional floor joist', 'EA', [14000, 22000]],
  ['Additional interior painting, walls and ceiling', 'SF', [160, 290]],
];

/** Unit prices for added or deleted work, as printed ("Additional drywall repair  per SF  $4.25"). */
export function unitPriceLines(random: Random): Array<[string, string, string]> {
  return random.sample(UNIT_PRICES, random.int(2, 3)).map(([text, unit, [low, high]]) => [text, `per ${unit}`, money(Math.round(random.int(low, high) / 5) * 5, { dollar: true })]);
}
