/** Renovation work items by trade, with plausible units, quantity ranges and unit rates in dollars. */

export type TradeId =
  | 'general' | 'demolition' | 'concrete' | 'masonry' | 'carpentry' | 'roofing' | 'openings' | 'finishes'
  | 'cabinets' | 'plumbing' | 'hvac' | 'electrical' | 'site';

export type Area = 'kitchen' | 'bath' | 'bedroom' | 'living' | 'exterior' | 'roof' | 'basement' | 'laundry' | 'garage' | 'whole' | 'site';

export type Unit = 'EA' | 'LF' | 'SF' | 'SY' | 'SQ' | 'LS' | 'HR' | 'CY';

export interface Trade {
  id: TradeId;
  /** Plain trade name ("Roofing & Gutters"). */
  name: string;
  csiNumber: string;
  csiTitle: string;
}

export const TRADES: Trade[] = [
  { id: 'general', name: 'General Requirements', csiNumber: '01', csiTitle: 'GENERAL REQUIREMENTS' },
  { id: 'demolition', name: 'Demolition', csiNumber: '02', csiTitle: 'EXISTING CONDITIONS' },
  { id: 'concrete', name: 'Concrete', csiNumber: '03', csiTitle: 'CONCRETE' },
  { id: 'masonry', name: 'Masonry', csiNumber: '04', csiTitle: 'MASONRY' },
  { id: 'carpentry', name: 'Rough & Finish Carpentry', csiNumber: '06', csiTitle: 'WOOD, PLASTICS & COMPOSITES' },
  { id: 'roofing', name: 'Roofing, Siding & Insulation', csiNumber: '07', csiTitle: 'THERMAL & MOISTURE PROTECTION' },
  { id: 'openings', name: 'Doors & Windows', csiNumber: '08', csiTitle: 'OPENINGS' },
  { id: 'finishes', name: 'Interior Finishes', csiNumber: '09', csiTitle: 'FINISHES' },
  { id: 'cabinets', name: 'Cabinets & Appliances', csiNumber: '11', csiTitle: 'EQUIPMENT' },
  { id: 'plumbing', name: 'Plumbing', csiNumber: '22', csiTitle: 'PLUMBING' },
  { id: 'hvac', name: 'Heating & Air Conditioning', csiNumber: '23', csiTitle: 'HEATING, VENTILATING & AIR CONDITIONING' },
  { id: 'electrical', name: 'Electrical', csiNumber: '26', csiTitle: 'ELECTRICAL' },
  { id: 'site', name: 'Site Work', csiNumber: '32', csiTitle: 'EXTERIOR IMPROVEMENTS' },
];

export interface WorkItem {
  trade: TradeId;
  text: string;
  unit: Unit;
  quantity: [number, number];
  /** Unit material and labor rates in dollars. */
  material: [number, number];
  labor: [number, number];
  areas: Area[];
  /** Share of the material cost that is equipment rental, for estimating exports that print equipment. */
  equipment?: number;
}

type Range = [number, number];
const item = (trade: TradeId, text: string, unit: Unit, quantity: Range, material: Range, labor: Range, areas: Area[], equipment?: number): WorkItem =>
  ({ trade, text, unit, quantity, material, labor, areas, equipment });

export const WORK_ITEMS: WorkItem[] = [
  item('general', 'Building permit and plan review fees', 'LS', [1, 1], [350, 1400], [0, 0], ['whole']),
  item('general', 'Roll-off dumpster, 20 CY, delivery, haul and disposal', 'EA', [1, 3], [425, 650], [0, 60], ['whole', 'site'], 0.5),
  item('general', 'Portable toilet rental (per month)', 'EA', [2, 5], [140, 185], [0, 0], ['site']),
  item('general', 'Lead-safe work practices (RRP): containment, HEPA cleaning and clearance testing', 'LS', [1, 1], [280, 520], [600, 1100], ['whole']),
  item('general', 'Floor and finish protection, ram board and 6 mil poly', 'SF', [250, 1600], [0.32, 0.48], [0.22, 0.35], ['whole']),
  item('general', 'Project supervision / site superintendent', 'HR', [12, 48], [0, 0], [65, 95], ['whole']),
  item('general', 'Final construction clean, windows, floors and fixtures', 'LS', [1, 1], [60, 140], [380, 760], ['whole']),
  item('general', 'Temporary electric service during construction', 'LS', [1, 1], [140, 260], [280, 450], ['site'], 0.3),
  item('demolition', 'Remove and dispose existing kitchen cabinets, countertops and soffits', 'LS', [1, 1], [40, 90], [520, 980], ['kitchen']),
  item('demolition', 'Remove existing fixtures, tile and drywall to studs', 'LS', [1, 1], [0, 60], [650, 1250], ['bath']),
  item('demolition', 'Remove carpet and pad and dispose', 'SY', [20, 140], [0, 0], [2.4, 3.6], ['bedroom', 'living']),
  item('demolition', 'Remove damaged plaster ceiling and lath, bag and haul debris', 'SF', [80, 420], [0, 0], [1.85, 2.9], ['bedroom', 'living']),
  item('demolition', 'Remove abandoned oil tank, cap lines and obtain closure letter', 'EA', [1, 1], [120, 240], [780, 1150], ['basement'], 0.4),
  item('demolition', 'Tear out deteriorated rear porch and steps', 'LS', [1, 1], [0, 0], [640, 1280], ['exterior'], 0.2),
  item('demolition', 'Remove existing vinyl siding and haul away', 'SQ', [10, 28], [0, 0], [38, 62], ['exterior']),
  item('concrete', 'Replace cracked basement floor slab section, 4 in. with vapor barrier', 'SF', [60, 240], [3.9, 5.6], [7.5, 11.2], ['basement'], 0.15),
  item('concrete', 'Concrete front walk, 4 in. broom finish on compacted gravel base', 'SF', [80, 300], [4.1, 6.2], [5.2, 7.9], ['site'], 0.1),
  item('concrete', 'Replace driveway apron, 6 in. reinforced concrete', 'SF', [120, 420], [5.1, 7.4], [4.6, 6.9], ['site'], 0.15),
  item('concrete', 'Pour new concrete steps with landing at rear entry', 'CY', [2, 6], [165, 215], [240, 380], ['exterior']),
  item('masonry', 'Repoint brick foundation walls, Type N mortar', 'SF', [90, 520], [1.1, 1.9], [8.5, 12.5], ['basement', 'exterior']),
  item('masonry', 'Rebuild chimney above roofline with new clay flue liner and crown', 'LS', [1, 1], [850, 1450], [1900, 3200], ['roof'], 0.2),
  item('masonry', 'Epoxy injection of foundation wall cracks', 'LF', [10, 45], [12, 18], [30, 42], ['basement']),
  item('masonry', 'Parge exterior foundation wall, two coats', 'SF', [120, 480], [0.9, 1.4], [3.8, 5.6], ['exterior']),
  item('carpentry', 'Sister rotted floor joists with 2x10 pressure-treated lumber', 'EA', [3, 12], [38, 56], [85, 140], ['basement']),
  item('carpentry', 'Replace rotted porch floor boards, tongue-and-groove fir', 'SF', [60, 220], [5.2, 7.4], [7.8, 10.9], ['exterior']),
  item('carpentry', 'Code-compliant handrail and balusters at rear steps, pressure-treated', 'LF', [8, 36], [12, 18], [14, 22], ['exterior']),
  item('carpentry', 'Rebuild rear deck with pressure-treated framing and composite decking', 'SF', [90, 320], [14.5, 19.5], [11.5, 16.8], ['exterior']),
  item('carpentry', '3-1/4 in. MDF baseboard, installed, caulked and painted', 'LF', [80, 420], [1.45, 2.1], [1.8, 2.6], ['bedroom', 'living', 'whole']),
  item('carpentry', 'Oak stair treads and risers with new handrail and brackets', 'EA', [11, 15], [52, 78], [38, 62], ['living']),
  item('carpentry', 'Closet shelving and rod, wire ventilated', 'LF', [6, 24], [11, 16], [9, 14], ['bedroom']),
  item('roofing', 'Tear off one layer of shingles; install 30-year architectural shingles with new flashing', 'SQ', [12, 32], [145, 190], [120, 175], ['roof'], 0.05),
  item('roofing', 'Synthetic roof underlayment', 'SQ', [12, 32], [19, 26], [7, 11], ['roof']),
  item('roofing', 'Ice and water shield at eaves and valleys', 'SQ', [3, 8], [92, 118], [28, 40], ['roof']),
  item('roofing', 'Replace damaged roof decking, 7/16 in. OSB', 'SF', [64, 480], [1.05, 1.6], [1.4, 2.1], ['roof']),
  item('roofing', 'Continuous shingle-over ridge vent', 'LF', [20, 60], [3.8, 5.2], [3.1, 4.6], ['roof']),
  item('roofing', '5 in. K-style seamless aluminum gutters and 2x3 downspouts with splash blocks', 'LF', [80, 240], [3.6, 5.2], [3.1, 4.4], ['exterior', 'roof']),
  item('roofing', 'Vinyl siding .044 gauge over new house wrap, with J-channel and trim', 'SQ', [12, 30], [215, 260], [190, 240], ['exterior']),
  item('roofing', 'Blown-in cellulose attic insulation to R-49, with baffles at eaves', 'SF', [600, 1800], [0.58, 0.78], [0.42, 0.62], ['whole']),
  item('roofing', 'Wrap fascia with aluminum coil stock', 'LF', [80, 220], [1.8, 2.6], [2.8, 3.6], ['exterior']),
  item('openings', 'Vinyl double-hung replacement window, Low-E, insulated glass, with interior trim', 'EA', [2, 14], [340, 480], [170, 260], ['bedroom', 'living', 'kitchen', 'whole']),
  item('openings', 'Exterior entry door, 36 in. steel prehung, with lockset and deadbolt', 'EA', [1, 2], [520, 780], [260, 380], ['exterior']),
  item('openings', '6-panel prehung interior door with passage hardware and casing', 'EA', [2, 9], [125, 185], [95, 140], ['bedroom', 'whole']),
  item('openings', 'Full-view storm door, aluminum, with closer', 'EA', [1, 2], [260, 360], [150, 210], ['exterior']),
  item('openings', 'Insulated steel garage overhead door 16x7 with opener', 'EA', [1, 1], [1350, 1850], [420, 620], ['garage']),
  item('openings', 'Replace attic access hatch with insulated pull-down stair', 'EA', [1, 1], [180, 260], [160, 240], ['whole']),
  item('finishes', 'Hang, tape and finish 1/2 in. drywall, level 4 finish', 'SF', [160, 1400], [0.82, 1.15], [1.9, 2.6], ['bedroom', 'living', 'kitchen', 'basement']),
  item('finishes', 'Prime and paint walls and ceilings, two coats eggshell', 'SF', [400, 3600], [0.34, 0.5], [0.95, 1.45], ['bedroom', 'living', 'kitchen', 'bath', 'whole']),
  item('finishes', 'Luxury vinyl plank flooring with underlayment and transitions', 'SF', [120, 1100], [3.2, 4.4], [1.9, 2.6], ['kitchen', 'living', 'basement', 'laundry']),
  item('finishes', 'Sand and refinish hardwood floors, stain and three coats polyurethane', 'SF', [200, 1200], [1.05, 1.35], [2.6, 3.4], ['bedroom', 'living', 'whole']),
  item('finishes', 'Carpet and 6 lb pad, mid-grade', 'SY', [18, 110], [26, 34], [8, 11], ['bedroom', 'living']),
  item('finishes', 'Ceramic floor tile on cement board underlayment', 'SF', [35, 160], [5.5, 7.8], [8.2, 11.5], ['bath', 'laundry', 'kitchen']),
  item('finishes', 'Tile tub surround over cement board backer, with niche', 'SF', [60, 110], [6.4, 8.8], [10.2, 13.6], ['bath']),
  item('finishes', 'Skim coat cracked plaster walls', 'SF', [150, 700], [0.35, 0.55], [1.6, 2.4], ['bedroom', 'living']),
  item('finishes', 'Scrape, prime and paint exterior trim and siding, two coats', 'SF', [900, 2400], [0.48, 0.66], [1.55, 2.05], ['exterior']),
  item('cabinets', 'Kitchen base and wall cabinets, shaker style, soft-close hardware', 'LF', [14, 32], [165, 235], [65, 95], ['kitchen']),
  item('cabinets', 'Quartz countertops, 3 cm, eased edge, with undermount sink cutout', 'SF', [28, 64], [42, 58], [12, 18], ['kitchen']),
  item('cabinets', 'Kitchen appliance package: range, refrigerator, dishwasher and microwave hood', 'LS', [1, 1], [2800, 4200], [260, 420], ['kitchen']),
  item('cabinets', '36 in. vanity with cultured marble top, faucet and mirror', 'EA', [1, 2], [460, 720], [210, 320], ['bath']),
  item('cabinets', 'Bath accessories: towel bars, tissue holder and medicine cabinet', 'LS', [1, 1], [160, 280], [110, 180], ['bath']),
  item('plumbing', 'Repipe water supply with PEX, manifold system', 'LF', [120, 360], [2.4, 3.4], [5.8, 7.6], ['whole']),
  item('plumbing', 'Replace cast iron drain stack with 3 in. PVC, including cleanout', 'LF', [20, 48], [14, 19], [34, 46], ['basement']),
  item('plumbing', '50 gal gas water heater, 40,000 BTU, with expansion tank and venting', 'EA', [1, 1], [1050, 1350], [520, 720], ['basement', 'laundry']),
  item('plumbing', 'Toilet 1.28 gpf elongated, with wax ring and supply line', 'EA', [1, 3], [240, 310], [110, 170], ['bath']),
  item('plumbing', '60 in. acrylic bathtub with drain, overflow and pressure-balance valve', 'EA', [1, 1], [560, 780], [520, 740], ['bath']),
  item('plumbing', 'Stainless double-bowl kitchen sink with pull-down faucet and disposal', 'EA', [1, 1], [420, 640], [260, 380], ['kitchen']),
  item('plumbing', 'Laundry box with shutoffs and standpipe', 'EA', [1, 1], [95, 150], [210, 290], ['laundry']),
  item('plumbing', 'Frost-free hose bibb', 'EA', [1, 3], [42, 60], [120, 160], ['exterior']),
  item('plumbing', 'Camera inspection and hydro-jet main sewer line', 'LS', [1, 1], [30, 60], [420, 620], ['site'], 0.5),
  item('hvac', 'Gas furnace, 80,000 BTU 96% AFUE, with PVC venting and new thermostat', 'EA', [1, 1], [2650, 3350], [1150, 1550], ['basement']),
  item('hvac', '3 ton 15 SEER2 condensing unit with matching coil and line set', 'EA', [1, 1], [3400, 4100], [1200, 1650], ['exterior']),
  item('hvac', 'Replace ductwork, sheet metal trunk and flex branch runs', 'LF', [60, 220], [7.5, 10.5], [9.5, 12.5], ['whole', 'basement']),
  item('hvac', 'Clean and sanitize existing duct system', 'LS', [1, 1], [40, 80], [420, 620], ['whole']),
  item('hvac', 'Bath exhaust fan, 80 CFM, ducted to exterior', 'EA', [1, 2], [105, 160], [150, 220], ['bath']),
  item('hvac', 'HVAC technician start-up, testing and balancing', 'HR', [3, 8], [0, 0], [105, 135], ['whole']),
  item('electrical', 'Upgrade to 200 amp service: meter base, mast, service entrance and main panel', 'LS', [1, 1], [2100, 2700], [1800, 2500], ['whole']),
  item('electrical', 'Rewire with 12/2 and 14/2 NM-B, new boxes and devices', 'SF', [600, 1800], [1.6, 2.1], [4.1, 4.9], ['whole']),
  item('electrical', 'Hardwired interconnected smoke/CO detectors with battery backup', 'EA', [3, 7], [42, 58], [70, 95], ['whole', 'bedroom']),
  item('electrical', 'GFCI receptacles at kitchen counters, baths and exterior', 'EA', [4, 10], [22, 32], [45, 65], ['kitchen', 'bath', 'exterior']),
  item('electrical', 'Ceiling fan with light kit on fan-rated box', 'EA', [1, 4], [165, 240], [120, 165], ['bedroom', 'living']),
  item('electrical', 'Dedicated 20A appliance circuits', 'EA', [2, 4], [55, 85], [160, 220], ['kitchen', 'laundry']),
  item('electrical', 'Recessed LED wafer lights with dimmer', 'EA', [4, 12], [28, 42], [48, 70], ['kitchen', 'living']),
  item('electrical', 'Exterior LED fixtures at entries, photocell', 'EA', [2, 4], [58, 92], [62, 90], ['exterior']),
  item('electrical', 'Electrician labor, troubleshoot and repair open grounds', 'HR', [6, 20], [0, 0], [85, 110], ['whole']),
  item('site', 'Regrade soil away from foundation, 6 in. fall in first 10 ft', 'SY', [30, 120], [2.8, 4.2], [5.8, 8.4], ['site'], 0.3),
  item('site', 'Remove dead tree at side yard and grind stump', 'EA', [1, 2], [30, 60], [780, 1250], ['site'], 0.35),
  item('site', 'Chain-link fence, 4 ft, with one walk gate', 'LF', [60, 180], [9.5, 13.5], [7.5, 10.5], ['site']),
  item('site', 'Topsoil, seed and straw at disturbed areas', 'SY', [40, 220], [1.9, 2.8], [1.6, 2.4], ['site'], 0.2),
];

export interface Credit {
  trade: TradeId;
  areas: Area[];
  text: string;
  /** The amount taken off the material or the labor. */
  kind: 'material' | 'labor';
  /** In dollars. */
  amount: [number, number];
}

/** Deduct lines bids print inside a trade or room: owner-furnished material, owner-performed work, salvage value. */
export const CREDITS: Credit[] = [
  { trade: 'general', areas: ['whole', 'site'], text: 'Credit: dumpster furnished by owner', kind: 'material', amount: [350, 600] },
  { trade: 'demolition', areas: ['kitchen', 'bath'], text: 'Credit: selective demolition performed by owner', kind: 'labor', amount: [400, 1100] },
  { trade: 'demolition', areas: ['basement'], text: 'Credit: scrap metal salvage value', kind: 'material', amount: [80, 260] },
  { trade: 'carpentry', areas: ['bedroom', 'living'], text: 'Credit: reuse existing interior doors and casing', kind: 'material', amount: [250, 700] },
  { trade: 'roofing', areas: ['roof'], text: 'Credit: no sheathing replacement if deck is sound', kind: 'material', amount: [300, 900] },
  { trade: 'openings', areas: ['exterior'], text: 'Credit: owner to keep existing storm doors', kind: 'material', amount: [250, 500] },
  { trade: 'finishes', areas: ['bedroom', 'living', 'kitchen'], text: 'Credit: owner-supplied flooring material', kind: 'material', amount: [600, 2200] },
  { trade: 'finishes', areas: ['whole', 'bedroom'], text: 'Credit: interior painting by owner', kind: 'labor', amount: [900, 2400] },
  { trade: 'cabinets', areas: ['kitchen'], text: 'Credit: owner-furnished appliances', kind: 'material', amount: [1800, 3600] },
  { trade: 'plumbing', areas: ['bath', 'kitchen'], text: 'Credit: owner-furnished plumbing fixtures', kind: 'material', amount: [400, 1200] },
  { trade: 'plumbing', areas: ['basement'], text: 'Credit: salvage value of removed copper piping', kind: 'material', amount: [150, 450] },
  { trade: 'electrical', areas: ['living', 'exterior'], text: 'Credit: owner-furnished light fixtures', kind: 'material', amount: [250, 800] },
  { trade: 'site', areas: ['site'], text: 'Credit: seeding and straw by owner', kind: 'labor', amount: [200, 500] },
];

/** Phrases that lengthen a description the way write-ups do. */
export const SPEC_PHRASES = [
  "per manufacturer's installation instructions",
  'to match existing profile and finish as closely as possible',
  'including all trim, fasteners, flashing and sealant',
  'contractor to verify quantities in field before ordering',
  'color and style to be selected by owner',
  'all work to meet current local code and HUD Minimum Property Standards',
  'remove and dispose of existing materials off site',
  'protect adjacent finishes; patch and paint disturbed areas',
  'include all permits and inspections required',
];

export interface Room {
  name: string;
  area: Area;
}

export const ROOMS: Room[] = [
  { name: 'Kitchen', area: 'kitchen' },
  { name: 'Master Bath', area: 'bath' },
  { name: 'Hall Bath', area: 'bath' },
  { name: 'Master Bedroom', area: 'bedroom' },
  { name: 'Bedroom 2', area: 'bedroom' },
  { name: 'Living Room', area: 'living' },
  { name: 'Dining Room', area: 'living' },
  { name: 'Exterior', area: 'exterior' },
  { name: 'Roof', area: 'roof' },
  { name: 'Basement', area: 'basement' },
  { name: 'Laundry Room', area: 'laundry' },
  { name: 'Garage', area: 'garage' },
  { name: 'Whole House', area: 'whole' },
  { name: 'Site Work', area: 'site' },
];

/** Location words appended to a description ("..., primary bedroom"). */
export const LOCATIONS: Partial<Record<Area, string[]>> = {
  bedroom: ['primary bedroom', 'front bedroom', 'rear bedroom', 'bedroom 3'],
  living: ['living room', 'dining room', 'family room', 'front hall'],
  kitchen: ['kitchen'],
  bath: ['hall bath', 'primary bath', 'first floor half bath'],
  exterior: ['front elevation', 'rear elevation', 'north side'],
  basement: ['basement'],
};
