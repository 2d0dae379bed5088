import type { TradeId } from '../work-items.js';

/** g14's pre-printed form: its groups (the sections) and the trade rows each lists. */

export interface FormRow {
  trade: TradeId | null;
  label: string;
}

export interface FormGroup {
  name: string;
  rows: FormRow[];
}

export const GROUPS: FormGroup[] = [
  {
    name: 'General & Pre-Construction',
    rows: [
      { trade: 'general', label: 'General Requirements / Permits' },
      { trade: 'demolition', label: 'Demolition & Haul-Off' },
      { trade: null, label: 'Lead / Asbestos Abatement' },
    ],
  },
  {
    name: 'Exterior & Structure',
    rows: [
      { trade: 'concrete', label: 'Concrete & Flatwork' },
      { trade: 'masonry', label: 'Masonry & Foundation' },
      { trade: 'carpentry', label: 'Framing & Carpentry' },
      { trade: 'roofing', label: 'Roofing, Siding & Insulation' },
      { trade: 'openings', label: 'Windows & Doors' },
      { trade: 'site', label: 'Site Work & Landscaping' },
      { trade: null, label: 'Well / Septic' },
    ],
  },
  {
    name: 'Interior Finishes',
    rows: [
      { trade: 'finishes', label: 'Drywall, Paint & Flooring' },
      { trade: 'cabinets', label: 'Cabinets, Counters & Appliances' },
      { trade: null, label: 'Accessibility Items' },
    ],
  },
  {
    name: 'Mechanical Systems',
    rows: [
      { trade: 'plumbing', label: 'Plumbing' },
      { trade: 'hvac', label: 'HVAC' },
      { trade: 'electrical', label: 'Electrical' },
      { trade: null, label: 'Energy Efficiency Items' },
    ],
  },
];

export const TRADE_LABELS = new Map(GROUPS.flatMap((group) => group.rows.flatMap((row) => (row.trade ? [[row.trade, row.label] as const] : []))));
