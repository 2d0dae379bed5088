import type { FieldDetail, FormField } from '@docsift/core';
import { isPlaceholder, parseDate, parseMoney, parsePolicyNumber } from '../parse/values.js';
import type { CoverageType } from '../schema.js';
import { emptyDraft, type CertificateDraft, type CoverageDraft, type Found, type PartyDraft } from './draft.js';

/** The ACORD 25 field names (2016/03 form and its predecessors share them) without the `F[0].P1[0].` path. */
function shortName(name: string): string {
  const last = name.split('.').pop() ?? name;
  return last.replace(/\[\d+\]$/, '');
}

interface RowFields {
  kind: CoverageType | 'other';
  letter: string;
  policy: string;
  effective: string;
  expiration: string;
  description?: string;
  limits: Record<string, string>;
}

const ROWS: RowFields[] = [
  {
    kind: 'general_liability',
    letter: 'GeneralLiability_InsurerLetterCode_A',
    policy: 'Policy_GeneralLiability_PolicyNumberIdentifier_A',
    effective: 'Policy_GeneralLiability_EffectiveDate_A',
    expiration: 'Policy_GeneralLiability_ExpirationDate_A',
    limits: {
      eachOccurrence: 'GeneralLiability_EachOccurrence_LimitAmount_A',
      damageToRentedPremises: 'GeneralLiability_FireDamageRentedPremises_EachOccurrenceLimitAmount_A',
      medicalExpense: 'GeneralLiability_MedicalExpense_EachPersonLimitAmount_A',
      personalAdvertisingInjury: 'GeneralLiability_PersonalAndAdvertisingInjury_LimitAmount_A',
      generalAggregate: 'GeneralLiability_GeneralAggregate_LimitAmount_A',
      productsCompletedOperationsAggregate: 'GeneralLiability_ProductsAndCompletedOperations_AggregateLimitAmount_A',
    },
  },
  {
    kind: 'auto_liability',
    letter: 'Vehicle_InsurerLetterCode_A',
    policy: 'Policy_AutomobileLiability_PolicyNumberIdentifier_A',
    effective: 'Policy_AutomobileLiability_EffectiveDate_A',
    expiration: 'Policy_AutomobileLiability_ExpirationDate_A',
    limits: {
      combinedSingleLimit: 'Vehicle_CombinedSingleLimit_EachAccidentAmount_A',
      bodilyInjuryPerPerson: 'Vehicle_BodilyInjury_PerPersonLimitAmount_A',
      bodilyInjuryPerAccident: 'Vehicle_BodilyInjury_PerAccidentLimitAmount_A',
      propertyDamage: 'Vehicle_PropertyDamage_PerAccidentLimitAmount_A',
    },
  },
  {
    kind: 'umbrella',
    letter: 'ExcessUmbrella_InsurerLetterCode_A',
    policy: 'Policy_ExcessLiability_PolicyNumberIdentifier_A',
    effective: 'Policy_ExcessLiability_EffectiveDate_A',
    expiration: 'Policy_ExcessLiability_ExpirationDate_A',
    limits: { eachOccurrence: 'ExcessUmbrella_Umbrella_EachOccurrenceAmount_A', aggregate: 'ExcessUmbrella_Umbrella_AggregateAmount_A' },
  },
  {
    kind: 'workers_comp',
    letter: 'WorkersCompensationEmployersLiability_InsurerLetterCode_A',
    policy: 'Policy_WorkersCompensationAndEmployersLiability_PolicyNumberIdentifier_A',
    effective: 'Policy_WorkersCompensationAndEmployersLiability_EffectiveDate_A',
    expiration: 'Policy_WorkersCompensationAndEmployersLiability_ExpirationDate_A',
    limits: {
      elEachAccident: 'WorkersCompensationEmployersLiability_EmployersLiability_EachAccidentLimitAmount_A',
      elDiseaseEachEmployee: 'WorkersCompensationEmployersLiability_EmployersLiability_DiseaseEachEmployeeLimitAmount_A',
      elDiseasePolicyLimit: 'WorkersCompensationEmployersLiability_EmployersLiability_DiseasePolicyLimitAmount_A',
    },
  },
  {
    kind: 'other',
    letter: 'OtherPolicy_InsurerLetterCode_A',
    policy: 'OtherPolicy_PolicyNumberIdentifier_A',
    effective: 'OtherPolicy_PolicyEffectiveDate_A',
    expiration: 'OtherPolicy_PolicyExpirationDate_A',
    description: 'OtherPolicy_OtherPolicyDescription_A',
    limits: { limit: 'OtherPolicy_CoverageLimitAmount_A' },
  },
];

type FieldIndex = Map<string, FormField>;

function detail(field: FormField, quality = 1): FieldDetail {
  return { confidence: Math.round(0.99 * quality * 1000) / 1000, page: field.page, bbox: field.bbox, source: 'form' };
}

function textOf(index: FieldIndex, name: string): { value: string; field: FormField } | undefined {
  const field = index.get(name.toLowerCase());
  if (!field || typeof field.value !== 'string') return undefined;
  const value = field.value.replace(/\s+/g, ' ').trim();
  return value === '' || isPlaceholder(value) ? undefined : { value, field };
}

function text(index: FieldIndex, name: string): Found<string> | undefined {
  const read = textOf(index, name);
  return read && { value: read.value, detail: detail(read.field) };
}

/** `street, [line 2, ]city, ST ZIP` from the address fields of a party, with the union of their boxes. */
function address(index: FieldIndex, prefix: string): Found<string> | undefined {
  const part = (suffix: string) => textOf(index, `${prefix}_MailingAddress_${suffix}_A`);
  const parts = [part('LineOne'), part('LineTwo'), part('CityName'), part('StateOrProvinceCode'), part('PostalCode')];
  const [lineOne, lineTwo, city, state, postal] = parts;
  const stateZip = [state?.value, postal?.value].filter(Boolean).join(' ');
  const value = [lineOne?.value, lineTwo?.value, city?.value, stateZip].filter(Boolean).join(', ');
  const used = parts.filter((item) => item !== undefined).map((item) => item.field);
  if (value === '' || used.length === 0) return undefined;
  const boxes = used.map((field) => field.bbox).filter((box) => box !== null);
  const bbox = boxes.length > 0 ? (boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]) as FieldDetail['bbox']) : null;
  return { value, detail: { ...detail(used[0]), bbox } };
}

function party(index: FieldIndex, prefix: string): PartyDraft {
  return { name: text(index, `${prefix}_FullName_A`), address: address(index, prefix) };
}

function parsed<T>(index: FieldIndex, name: string, parse: (value: string) => { value: T; corrected: boolean } | null): Found<T> | undefined {
  const read = textOf(index, name);
  const result = read && parse(read.value);
  return result ? { value: result.value, detail: detail(read.field, result.corrected ? 0.9 : 1) } : undefined;
}

function coverage(index: FieldIndex, row: RowFields): CoverageDraft | undefined {
  const policyText = textOf(index, row.policy);
  const policy = policyText && parsePolicyNumber(policyText.value);
  const limits: Record<string, Found<number>> = {};
  for (const [key, name] of Object.entries(row.limits)) {
    const amount = parsed(index, name, parseMoney);
    if (amount && amount.value > 0) limits[key] = amount;
  }
  const draft: CoverageDraft = {
    kind: row.kind,
    insurerLetter: text(index, row.letter),
    policyNumber: policy && policyText ? { value: policy, detail: detail(policyText.field) } : undefined,
    effectiveDate: parsed(index, row.effective, parseDate),
    expirationDate: parsed(index, row.expiration, parseDate),
    description: row.description ? text(index, row.description) : undefined,
    limits,
  };
  draft.kindDetail = (draft.policyNumber ?? draft.effectiveDate ?? draft.expirationDate)?.detail;
  return draft.kindDetail ? draft : undefined;
}

/** Reads a fillable ACORD 25 by its field names; fields with other names are left to the geometry reader. */
export function readFormFields(fields: FormField[]): CertificateDraft {
  const index: FieldIndex = new Map(fields.map((field) => [shortName(field.name).toLowerCase(), field]));
  const draft = emptyDraft();
  draft.certificateNumber = text(index, 'CertificateOfInsurance_CertificateNumberIdentifier_A');
  draft.issueDate = parsed(index, 'Form_CompletionDate_A', parseDate);
  draft.producer = { ...party(index, 'Producer'), phone: text(index, 'Producer_ContactPerson_PhoneNumber_A') };
  draft.insured = party(index, 'NamedInsured');
  draft.certificateHolder = party(index, 'CertificateHolder');
  for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
    const name = text(index, `Insurer_FullName_${letter}`);
    if (name) draft.insurers[letter] = name;
  }
  draft.coverages = ROWS.flatMap((row) => coverage(index, row) ?? []);
  return draft;
}
