import { firstPhraseIn } from './text.js';

/**
 * Trades a line item's description (else its section's name) is filed under, for the totals by
 * trade and for comparing unit costs of like work. First match wins, so the more specific trades
 * come first ("paint exterior siding" is painting, "vinyl siding" is siding) and demolition comes
 * last (removing old shingles to lay new ones is roofing).
 */
export const TRADE_LEXICON: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['general_requirements', ['general requirements', 'permit', 'permits', 'protection', 'mobilization', 'temporary', 'portable toilet', 'final clean', 'construction clean', 'lead safe', 'rrp', 'dumpster', 'roll off', 'debris', 'haul off']],
  ['painting', ['paint', 'painting', 'prime', 'primer', 'stain', 'polyurethane', 'caulk', 'caulking']],
  ['electrical', ['electrical', 'electric', 'receptacle', 'receptacles', 'gfci', 'afci', 'wiring', 'circuit', 'electrical panel', 'service panel', 'breaker', 'light fixture', 'lighting', 'smoke detector', 'smoke detectors', 'outlet']],
  ['plumbing', ['plumbing', 'water heater', 'toilet', 'faucet', 'sink', 'lavatory', 'shower', 'tub', 'bathtub', 'hose bibb', 'drain', 'sewer', 'supply line', 'pex', 'vanity']],
  ['hvac', ['hvac', 'furnace', 'heat pump', 'condensing unit', 'air conditioning', 'ductwork', 'duct', 'ducts', 'thermostat', 'boiler', 'heating', 'cooling', 'refrigerant']],
  ['roofing', ['roof', 'roofing', 'shingle', 'shingles', 'underlayment', 'ice and water', 'ridge vent', 'drip edge', 'flashing', 'roof decking']],
  ['siding_exterior', ['siding', 'soffit', 'fascia', 'gutter', 'gutters', 'downspout', 'downspouts', 'house wrap', 'shutters', 'pressure wash', 'stucco', 'eifs']],
  ['windows_doors', ['window', 'windows', 'door', 'doors', 'storm door', 'garage door', 'overhead door', 'skylight', 'weatherstrip']],
  ['insulation', ['insulation', 'insulate', 'blown in', 'batt', 'batts', 'air sealing']],
  ['drywall_plaster', ['drywall', 'gypsum', 'plaster', 'joint compound', 'skim coat']],
  ['flooring', ['floor', 'floors', 'flooring', 'carpet', 'tile', 'vinyl plank', 'lvp', 'hardwood', 'laminate', 'subfloor']],
  ['kitchen_cabinets', ['cabinet', 'cabinets', 'countertop', 'countertops', 'backsplash', 'kitchen']],
  ['appliances', ['refrigerator', 'range', 'dishwasher', 'microwave', 'washer', 'dryer', 'appliance', 'appliances', 'cooktop', 'oven']],
  ['masonry_concrete', ['masonry', 'brick', 'block', 'chimney', 'mortar', 'repoint', 'parge', 'concrete', 'slab', 'foundation', 'footing', 'stone']],
  ['carpentry', ['framing', 'joist', 'joists', 'stud', 'studs', 'trim', 'handrail', 'railing', 'stair', 'stairs', 'deck', 'decking', 'porch', 'carpentry', 'lumber', 'sheathing', 'beam']],
  ['site', ['walk', 'walkway', 'sidewalk', 'driveway', 'fence', 'fencing', 'grading', 'landscaping', 'landscape', 'retaining wall', 'apron', 'patio']],
  ['demolition', ['demolition', 'demo', 'tear out', 'tear off', 'remove and dispose', 'haul away']],
];

export const UNCLASSIFIED_TRADE = 'other';

/** The trade of a description, else of the section name; `other` when neither names one. */
export function tradeOf(description: string, sectionName: string, lexicon: ReadonlyArray<readonly [string, readonly string[]]> = TRADE_LEXICON): string {
  for (const text of [description, sectionName]) {
    const found = lexicon.find(([, phrases]) => firstPhraseIn(text, phrases) !== null);
    if (found) return found[0];
  }
  return UNCLASSIFIED_TRADE;
}
