import type { RecapLine, Section } from '../model.js';
import { Random } from '../random.js';
import { workItemOf } from './parts.js';

/** The add alternates of a g77 bid: upgrades priced on some lines, each accepted or declined by the owner. */

export interface Alternate {
  number: number;
  /** The line the alternate upgrades, numbered through the bid from 1. */
  line: number;
  text: string;
  amount: number;
  accepted: boolean;
}

const UPGRADES: Record<string, string> = {
  roofing: 'Upgrade to 50-year architectural shingles',
  finishes: 'Upgrade to premium-grade finish materials',
  cabinets: 'Upgrade to solid-wood cabinet boxes and quartz tops',
  plumbing: 'Upgrade to solid-brass fixtures and trim',
  electrical: 'Add LED recessed lighting package',
  hvac: 'Upgrade to high-efficiency (16 SEER) equipment',
  openings: 'Upgrade to fiberglass units with low-E glazing',
  site: 'Upgrade to stamped and colored concrete',
  carpentry: 'Upgrade to hardwood trim and stair parts',
  masonry: 'Add sealer and color-matched mortar',
  concrete: 'Upgrade to 4,000 psi mix with fiber reinforcement',
  demolition: 'Add haul-off of owner debris from garage and yard',
};

/**
 * The same alternates for the same sections, whether the recap or the renderer asks: their choices come from the
 * items alone. About half the trades that have an upgrade get one, on one of their lines; at most five in a bid.
 */
export function alternatesOf(sections: Section[]): Alternate[] {
  const random = new Random(`g77 alternates/${sections.flatMap((section) => section.items.map((item) => item.description)).join('|')}`);
  const alternates: Alternate[] = [];
  let first = 1;
  for (const section of sections) {
    const upgrade = UPGRADES[workItemOf(section.items[0]).trade];
    if (upgrade && alternates.length < 5 && random.chance(0.55)) {
      const index = random.int(0, section.items.length - 1);
      const amount = Math.max(15000, Math.round((section.items[index].total * random.float(0.15, 0.45)) / 2500) * 2500);
      alternates.push({ number: alternates.length + 1, line: first + index, text: upgrade, amount, accepted: random.chance(0.5) });
    }
    first += section.items.length;
  }
  return alternates;
}

/** "Alternates accepted (Nos. 1, 3)" with their sum, when the owner accepted any. */
export function acceptedAlternatesLine(sections: Section[]): RecapLine[] {
  const accepted = alternatesOf(sections).filter((alternate) => alternate.accepted);
  if (accepted.length === 0) return [];
  const numbers = accepted.map((alternate) => alternate.number).join(', ');
  return [{ label: `Alternates accepted (No${accepted.length > 1 ? 's' : ''}. ${numbers})`, amount: accepted.reduce((sum, alternate) => sum + alternate.amount, 0) }];
}
