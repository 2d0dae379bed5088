import type { TradeId, WorkItem } from '../work-items.js';

/** g13's trades: what each one-trade contractor prints and offers (taglines, headings, fees, alternates, exclusions). */

export type ScopeId = 'roofing' | 'hvac' | 'windows';

export interface Alternate {
  text: string;
  /** Share of the base bid, low and high. */
  share: [number, number];
  deduct?: boolean;
}

export interface Scope {
  id: ScopeId;
  taglines: string[];
  jobNames: string[];
  works: (work: WorkItem) => boolean;
  /** Heading wordings per trade; a document uses the same wording index for all of its headings. */
  headings: Partial<Record<TradeId, string[]>>;
  /** Print order of the headings. */
  order: TradeId[];
  fees: string[];
  alternates: Alternate[];
  exclusions: string[];
  unitPrices: string[];
  warranty: string;
}

const starts = (work: WorkItem, ...texts: string[]): boolean => texts.some((text) => work.text.startsWith(text));

export const SCOPES: Scope[] = [
  {
    id: 'roofing',
    taglines: ['Roofing  •  Gutters  •  Chimneys', 'Residential Roofing & Sheet Metal', 'Re-Roofs  |  Repairs  |  Seamless Gutters'],
    jobNames: ['Roof Replacement', 'Tear-Off and Re-Roof', 'Re-Roof, Main House'],
    works: (work) =>
      (work.trade === 'roofing' && !starts(work, 'Blown-in', 'Vinyl siding')) || starts(work, 'Rebuild chimney above roofline'),
    headings: {
      roofing: ['Roofing System', 'ROOF REPLACEMENT', 'Main Roof – Tear-Off and Re-Roof'],
      masonry: ['Chimney', 'CHIMNEY REPAIR', 'Chimney Rebuild'],
    },
    order: ['roofing', 'masonry'],
    fees: ['Building permit', 'Dumpster, haul-off and landfill fees', 'Permit and disposal'],
    alternates: [
      { text: 'Upgrade to Class 4 impact-resistant architectural shingles', share: [0.08, 0.14] },
      { text: 'Replace all plumbing vent boots with lead jacks', share: [0.01, 0.025] },
      { text: 'Oversized 6 in. gutters with 3x4 downspouts in lieu of 5 in.', share: [0.02, 0.04] },
      { text: 'Owner retains existing gutters; omit new gutters and downspouts', share: [0.03, 0.06], deduct: true },
      { text: 'Solar-powered attic fan in lieu of ridge vent', share: [0.02, 0.035] },
    ],
    exclusions: [
      'Replacement of decking beyond the quantity listed (see unit prices)',
      'Skylights, solar panels, satellite dishes and antennas (remove and reset by others)',
      'Interior repairs, painting or drywall damaged by prior leaks',
      'Asbestos or other hazardous material testing and abatement',
      'Structural repairs to rafters, trusses or ceiling joists',
      'Gutter guards and heat tape',
      'Landscaping damage from falling debris beyond normal clean-up',
    ],
    unitPrices: [
      'Additional roof decking (7/16 in. OSB): $78.00 per sheet installed',
      'Rotted fascia board replacement: $9.50 per LF',
      'Additional layer of shingles to tear off: $65.00 per square',
    ],
    warranty: 'Manufacturer’s limited lifetime shingle warranty; 10-year workmanship warranty on all roofing installed.',
  },
  {
    id: 'hvac',
    taglines: ['Heating  •  Cooling  •  Indoor Air Quality', 'Residential HVAC Sales, Service & Installation', 'Furnaces  |  Air Conditioning  |  Ductwork'],
    jobNames: ['HVAC Replacement', 'Furnace and A/C Replacement', 'Heating & Cooling System'],
    works: (work) => work.trade === 'hvac' || starts(work, '50 gal gas water heater'),
    headings: {
      hvac: ['Heating & Air Conditioning', 'HVAC EQUIPMENT AND DUCTWORK', 'Heating and Cooling System'],
      plumbing: ['Water Heater', 'WATER HEATER REPLACEMENT', 'Domestic Water Heater'],
    },
    order: ['hvac', 'plumbing'],
    fees: ['Mechanical permit and inspection', 'Refrigerant recovery and equipment disposal', 'Permit and disposal of old equipment'],
    alternates: [
      { text: '17 SEER2 two-stage heat pump in lieu of condensing unit', share: [0.12, 0.2] },
      { text: 'Wi-Fi programmable thermostat in lieu of standard', share: [0.015, 0.03] },
      { text: '10-year parts and labor extended warranty', share: [0.05, 0.08] },
      { text: 'Whole-house media air cleaner, MERV 13', share: [0.04, 0.07] },
      { text: 'Reuse existing line set after pressure test', share: [0.015, 0.03], deduct: true },
    ],
    exclusions: [
      'Electrical service or panel upgrades; disconnects by licensed electrician',
      'Asbestos duct wrap or pipe insulation removal',
      'Patching and painting of walls and ceilings at new registers',
      'Gas line extensions beyond 10 ft from the existing meter',
      'Chimney liner for atmospheric appliances left in service',
      'Condensate pump if gravity drain is not available (see unit prices)',
    ],
    unitPrices: [
      'Additional supply or return run: $285.00 each',
      'Condensate pump, if required: $235.00',
      'After-hours service: $145.00 per hour',
    ],
    warranty: '10-year manufacturer parts warranty when registered; 2-year labor warranty by contractor.',
  },
  {
    id: 'windows',
    taglines: ['Replacement Windows  •  Entry Doors  •  Storm Doors', 'Windows, Doors & Exterior Trim', 'Energy-Efficient Windows and Doors'],
    jobNames: ['Window and Door Replacement', 'Replacement Windows', 'Windows, Doors and Capping'],
    works: (work) => work.trade === 'openings' || starts(work, 'Wrap fascia with aluminum coil stock'),
    headings: {
      openings: ['Windows & Doors', 'WINDOW AND DOOR REPLACEMENT', 'Replacement Units'],
      roofing: ['Exterior Trim Capping', 'ALUMINUM TRIM CAPPING', 'Trim Wrap'],
    },
    order: ['openings', 'roofing'],
    fees: ['Building permit', 'Lead-safe (RRP) set-up and clean-up', 'Permit and haul-away of old units'],
    alternates: [
      { text: 'Triple-pane glass with argon in lieu of double-pane', share: [0.08, 0.14] },
      { text: 'Exterior color frames (clay or almond) in lieu of white', share: [0.04, 0.07] },
      { text: 'Full-frame tear-out installation in lieu of pocket insert', share: [0.12, 0.2] },
      { text: 'Grids between the glass, colonial pattern', share: [0.02, 0.04] },
      { text: 'Owner supplies interior door hardware', share: [0.01, 0.02], deduct: true },
    ],
    exclusions: [
      'Interior painting or staining of new trim',
      'Repair of rotted framing or sills found after removal (see unit prices)',
      'Window treatments, blinds and screens other than standard half screens',
      'Security system sensor removal and reinstallation',
      'Egress code modifications to existing openings',
      'Lead abatement beyond RRP lead-safe work practices',
    ],
    unitPrices: [
      'Rotted sill or framing repair: $65.00 per hour plus materials',
      'Custom-size or special-order units: add 15%',
      'Additional aluminum capping: $11.00 per LF',
    ],
    warranty: 'Lifetime limited manufacturer warranty on vinyl units; 5-year workmanship warranty on installation.',
  },
];

export const scopeById = (id: ScopeId): Scope => SCOPES.find((scope) => scope.id === id)!;
