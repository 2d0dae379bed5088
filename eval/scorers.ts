import { emptyScore, addScores, leaves, scoreLeaves, similarity, sameValue, type FieldScore } from './score.js';

type Data = Record<string, any>;

/** Answer-key limit names (UPPER_SNAKE) → the API's names (docs/plugins/insurance-cert.md, limit keys). */
export const LIMIT_NAMES: Record<string, string> = {
  EACH_OCCURRENCE: 'eachOccurrence',
  DAMAGE_TO_RENTED_PREMISES: 'damageToRentedPremises',
  MED_EXP: 'medicalExpense',
  PERSONAL_ADV_INJURY: 'personalAdvertisingInjury',
  GENERAL_AGGREGATE: 'generalAggregate',
  PRODUCTS_COMP_OP_AGG: 'productsCompletedOperationsAggregate',
  COMBINED_SINGLE_LIMIT: 'combinedSingleLimit',
  BODILY_INJURY_PER_PERSON: 'bodilyInjuryPerPerson',
  BODILY_INJURY_PER_ACCIDENT: 'bodilyInjuryPerAccident',
  PROPERTY_DAMAGE: 'propertyDamage',
  AGGREGATE: 'aggregate',
  EL_EACH_ACCIDENT: 'elEachAccident',
  EL_DISEASE_EA_EMPLOYEE: 'elDiseaseEachEmployee',
  EL_DISEASE_POLICY_LIMIT: 'elDiseasePolicyLimit',
};

/** Keys coverages by type and order of appearance (`auto_liability#1`), so a missed row costs only its own fields. */
function coverageLeaves(coverages: Data[], renameLimits: boolean): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const seen = new Map<string, number>();
  for (const coverage of coverages ?? []) {
    const type = coverage.type === 'other' ? 'other' : String(coverage.type);
    const ordinal = (seen.get(type) ?? 0) + 1;
    seen.set(type, ordinal);
    const key = `coverages[${type}#${ordinal}]`;
    for (const field of ['insurer', 'policyNumber', 'effectiveDate', 'expirationDate']) out.set(`${key}.${field}`, coverage[field] ?? null);
    if (type === 'other') continue;
    for (const [name, amount] of Object.entries(coverage.limits ?? {})) {
      out.set(`${key}.limits.${renameLimits ? (LIMIT_NAMES[name] ?? name) : name}`, amount);
    }
  }
  return out;
}

export function scoreInsuranceCert(expected: Data, predicted: Data | null, alternatives: Record<string, unknown[]> = {}): FieldScore {
  const strip = (data: Data) => {
    const { coverages: _c, otherCoverages: _o, ...rest } = data ?? {};
    return leaves(rest);
  };
  const expectedLeaves = new Map([...strip(expected), ...coverageLeaves(expected.coverages, true)]);
  const predictedCoverages = [...(predicted?.coverages ?? []), ...(predicted?.otherCoverages ?? []).map((c: Data) => ({ ...c, type: 'other' }))];
  const predictedLeaves = new Map([...strip(predicted ?? {}), ...coverageLeaves(predictedCoverages, false)]);
  return scoreLeaves(expectedLeaves, predictedLeaves, alternatives);
}

interface LineItem {
  description: string;
  quantity: number | null;
  unit: string | null;
  materialCost: number | null;
  laborCost: number | null;
  totalCost: number | null;
}

const LINE_FIELDS: Array<keyof LineItem> = ['description', 'quantity', 'unit', 'materialCost', 'laborCost', 'totalCost'];

/** Pairs predicted and expected line items greedily by description similarity (≥ 0.6) and amount. */
function pairLineItems(expected: LineItem[], predicted: LineItem[]): Array<[LineItem, LineItem | null]> {
  const free = new Set(predicted.map((_, index) => index));
  return expected.map((item) => {
    let best = -1;
    let bestScore = 0.6;
    for (const index of free) {
      const candidate = predicted[index];
      const score = similarity(item.description, candidate.description ?? '') + (sameValue(item.totalCost, candidate.totalCost) ? 0.3 : 0);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    }
    if (best < 0) return [item, null];
    free.delete(best);
    return [item, predicted[best]];
  });
}

const allItems = (data: Data | null): LineItem[] =>
  (data?.constructionSections ?? []).flatMap((section: Data) => section.lineItems ?? []);

/** Line items scored as whole records: an item counts as found when every printed field of it is right. */
export function scoreSorLineItems(expected: Data, predicted: Data | null): FieldScore {
  const expectedItems = allItems(expected);
  const predictedItems = allItems(predicted);
  const score = emptyScore();
  score.expected = expectedItems.length;
  score.predicted = predictedItems.length;
  for (const [want, got] of pairLineItems(expectedItems, predictedItems)) {
    const wrong = got ? LINE_FIELDS.filter((field) => !sameValue(want[field], got[field])) : LINE_FIELDS;
    if (wrong.length === 0) score.correct++;
    else score.misses.push({ path: `lineItem "${want.description.slice(0, 40)}"`, expected: want, predicted: got ? wrong : null });
  }
  return score;
}

/** Metadata, section names and recap scored field by field. */
export function scoreSorFields(expected: Data, predicted: Data | null, alternatives: Record<string, unknown[]> = {}): FieldScore {
  const score = scoreLeaves(
    new Map([...leaves({ documentMetadata: expected.documentMetadata, recapSummary: expected.recapSummary })]),
    new Map([...leaves({ documentMetadata: predicted?.documentMetadata, recapSummary: predicted?.recapSummary })]),
    alternatives,
  );
  const names = (data: Data | null) => (data?.constructionSections ?? []).map((section: Data) => String(section.sectionName ?? ''));
  const predictedNames = names(predicted);
  const sections = emptyScore();
  sections.predicted = predictedNames.length;
  for (const name of names(expected)) {
    sections.expected++;
    if (predictedNames.some((candidate: string) => sameValue(name, candidate))) sections.correct++;
    else sections.misses.push({ path: 'constructionSections[].sectionName', expected: name, predicted: null });
  }
  return addScores(score, sections);
}

export function recapExact(expected: Data, predicted: Data | null): boolean {
  const fields = ['subtotal', 'generalConditions', 'overheadAndProfit', 'grandTotal'];
  return fields.every((field) => sameValue(expected.recapSummary?.[field] ?? null, predicted?.recapSummary?.[field] ?? null));
}
