/**
 * Work that a 203(k) mortgage typically does not finance, as keyword phrases matched against a line
 * item's description (whole words, after folding case, accents and punctuation). `unless` phrases
 * lift a match: repairing an existing pool is eligible, a new one is not.
 *
 * Sources (docs/analysis.md): HUD FAQ KA-02060 "What improvements are NOT eligible under the
 * Standard 203(k)?" (Handbook 4000.1 II.A.8.a.vi(B)); for the Limited program, Handbook 4000.1
 * II.A.8.a.vii(B) (no major rehabilitation, structural repairs, room additions or landscaping).
 */
export type IneligibleCategory = 'luxury' | 'commercial' | 'not_permanent' | 'limited_only';

export interface IneligibleEntry {
  id: string;
  category: IneligibleCategory;
  phrases: string[];
  unless: string[];
  /** What the reviewer is told about it. */
  reason: string;
}

const REPAIR_OF_EXISTING = ['repair', 'repairs', 'existing', 'remove', 'removal', 'demolish', 'demolition', 'fill in', 'resurface', 'replaster'];

export const INELIGIBLE_LEXICON: IneligibleEntry[] = [
  { id: 'swimming_pool', category: 'luxury', phrases: ['swimming pool', 'pool', 'inground pool', 'above ground pool'], unless: [...REPAIR_OF_EXISTING, 'pool table'], reason: 'a new swimming pool (repairs to an existing pool are eligible)' },
  { id: 'hot_tub_spa_sauna', category: 'luxury', phrases: ['hot tub', 'exterior spa', 'outdoor spa', 'swim spa', 'whirlpool bath', 'whirlpool tub', 'sauna'], unless: REPAIR_OF_EXISTING, reason: 'an exterior hot tub, spa, whirlpool bath or sauna' },
  { id: 'barbecue_outdoor_fireplace', category: 'luxury', phrases: ['barbecue', 'barbeque', 'bbq', 'outdoor fireplace', 'outdoor hearth', 'fire pit', 'outdoor kitchen'], unless: [], reason: 'a barbecue pit, outdoor fireplace or hearth' },
  { id: 'bath_house', category: 'luxury', phrases: ['bath house', 'bathhouse', 'pool house', 'cabana'], unless: [], reason: 'a bath house' },
  { id: 'tennis_court', category: 'luxury', phrases: ['tennis court', 'sport court', 'basketball court', 'pickleball court'], unless: [], reason: 'a tennis court' },
  { id: 'satellite_dish_antenna', category: 'luxury', phrases: ['satellite dish', 'television antenna', 'tv antenna'], unless: [], reason: 'a satellite dish or television antenna' },
  { id: 'tree_surgery', category: 'luxury', phrases: ['tree surgery', 'tree trimming', 'tree pruning'], unless: ['hazard', 'endanger', 'endangering', 'damaging', 'overhanging roof', 'dead tree'], reason: 'tree surgery (eligible only to remove a danger to the improvements)' },
  { id: 'photo_mural', category: 'luxury', phrases: ['photo mural', 'mural'], unless: [], reason: 'a photo mural' },
  { id: 'gazebo', category: 'luxury', phrases: ['gazebo', 'pergola'], unless: [], reason: 'a gazebo' },
  { id: 'dumbwaiter', category: 'luxury', phrases: ['dumbwaiter'], unless: [], reason: 'a dumbwaiter' },
  { id: 'commercial_use', category: 'commercial', phrases: ['commercial', 'storefront', 'store front', 'retail space', 'office space', 'business use', 'salon', 'restaurant'], unless: ['commercial grade', 'commercial quality', 'commercial style'], reason: 'an addition or alteration for commercial use' },
  { id: 'not_permanent', category: 'not_permanent', phrases: ['furniture', 'furnishings', 'window treatments', 'drapes', 'area rug'], unless: [], reason: 'an item that does not become a permanent part of the property' },
  { id: 'limited_structural', category: 'limited_only', phrases: ['load bearing', 'structural repair', 'structural repairs', 'room addition', 'underpin', 'underpinning', 'new foundation'], unless: [], reason: 'structural work or a room addition, which the Limited program does not finance' },
  { id: 'limited_landscaping', category: 'limited_only', phrases: ['landscaping', 'landscape'], unless: [], reason: 'landscaping, which the Limited program does not finance' },
];
