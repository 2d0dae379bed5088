import type { FieldDetails } from '@docsift/core';
import { LIMIT_KEYS, type Coverage, type InsuranceCertData, type OtherCoverage } from '../schema.js';
import type { CertificateDraft, CoverageDraft, Found, PartyDraft } from './draft.js';

function pick<T>(preferred: Found<T> | undefined, fallback: Found<T> | undefined): Found<T> | undefined {
  return preferred ?? fallback;
}

function mergeParty(form: PartyDraft, page: PartyDraft): PartyDraft {
  return { name: pick(form.name, page.name), address: pick(form.address, page.address), phone: pick(form.phone, page.phone) };
}

function mergeCoverage(form: CoverageDraft, page: CoverageDraft | undefined): CoverageDraft {
  if (!page) return form;
  return {
    kind: form.kind,
    kindDetail: form.kindDetail ?? page.kindDetail,
    description: pick(form.description, page.description),
    insurerLetter: pick(form.insurerLetter, page.insurerLetter),
    policyNumber: pick(form.policyNumber, page.policyNumber),
    effectiveDate: pick(form.effectiveDate, page.effectiveDate),
    expirationDate: pick(form.expirationDate, page.expirationDate),
    limits: { ...page.limits, ...form.limits },
  };
}

/**
 * Form fields win over the words of the page, value by value. Coverage rows are matched by kind:
 * a kind the form fields fill is taken from them (missing parts from the page); the page's rows
 * of other kinds are kept in print order.
 */
export function mergeDrafts(form: CertificateDraft, page: CertificateDraft): CertificateDraft {
  const formKinds = new Set(form.coverages.map((coverage) => coverage.kind));
  const merged = page.coverages
    .filter((coverage) => !formKinds.has(coverage.kind))
    .concat(form.coverages.map((coverage) => mergeCoverage(coverage, page.coverages.find((other) => other.kind === coverage.kind))));
  const order = ['general_liability', 'auto_liability', 'umbrella', 'workers_comp', 'other'];
  merged.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return {
    certificateNumber: pick(form.certificateNumber, page.certificateNumber),
    issueDate: pick(form.issueDate, page.issueDate),
    producer: mergeParty(form.producer, page.producer),
    insured: mergeParty(form.insured, page.insured),
    certificateHolder: mergeParty(form.certificateHolder, page.certificateHolder),
    insurers: { ...page.insurers, ...form.insurers },
    coverages: merged,
  };
}

/** Collects values and their provenance under one path each. */
class Recorder {
  readonly details: FieldDetails = {};

  value<T>(path: string, item: Found<T> | undefined): T | null {
    if (!item) return null;
    this.details[path] = item.detail;
    return item.value;
  }
}

function limitsOf(coverage: CoverageDraft, path: string, recorder: Recorder): Record<string, number> {
  const allowed: readonly string[] = coverage.kind === 'other' ? Object.keys(coverage.limits) : LIMIT_KEYS[coverage.kind];
  const limits: Record<string, number> = {};
  for (const key of allowed) {
    const value = recorder.value(`${path}.limits.${key}`, coverage.limits[key]);
    if (value !== null) limits[key] = value;
  }
  return limits;
}

/**
 * The insurer of the row's letter. A row without a readable letter gets a guess, so less confident: the
 * one insurer company the certificate names, else the one insurer that no row names by its letter.
 */
function insurerOf(coverage: CoverageDraft, draft: CertificateDraft): Found<string> | undefined {
  const letter = coverage.insurerLetter?.value;
  if (letter) return draft.insurers[letter];
  const names = Object.values(draft.insurers);
  const distinct = new Set(names.map((name) => name.value.toUpperCase()));
  const named = new Set(draft.coverages.map((row) => row.insurerLetter?.value));
  const unnamed = Object.keys(draft.insurers).filter((key) => !named.has(key));
  const guess = distinct.size === 1 ? names[0] : unnamed.length === 1 ? draft.insurers[unnamed[0]] : undefined;
  return guess && { value: guess.value, detail: { ...guess.detail, confidence: Math.round(guess.detail.confidence * 0.6 * 1000) / 1000 } };
}

function policyFields(coverage: CoverageDraft, path: string, draft: CertificateDraft, recorder: Recorder) {
  return {
    insurer: recorder.value(`${path}.insurer`, insurerOf(coverage, draft)),
    policyNumber: recorder.value(`${path}.policyNumber`, coverage.policyNumber),
    effectiveDate: recorder.value(`${path}.effectiveDate`, coverage.effectiveDate),
    expirationDate: recorder.value(`${path}.expirationDate`, coverage.expirationDate),
    limits: limitsOf(coverage, path, recorder),
  };
}

/** Turns the merged draft into `extractedData` (primary layout) and its `fieldDetails`. */
export function assemble(draft: CertificateDraft): { data: InsuranceCertData; fieldDetails: FieldDetails } {
  const recorder = new Recorder();
  const coverages: Coverage[] = [];
  const otherCoverages: OtherCoverage[] = [];
  for (const coverage of draft.coverages) {
    if (coverage.kind === 'other') {
      const path = `otherCoverages[${otherCoverages.length}]`;
      otherCoverages.push({ description: recorder.value(`${path}.description`, coverage.description), ...policyFields(coverage, path, draft, recorder) });
    } else {
      const path = `coverages[${coverages.length}]`;
      if (coverage.kindDetail) recorder.details[`${path}.type`] = coverage.kindDetail;
      coverages.push({ type: coverage.kind, ...policyFields(coverage, path, draft, recorder) });
    }
  }
  const data: InsuranceCertData = {
    certificateNumber: recorder.value('certificateNumber', draft.certificateNumber),
    issueDate: recorder.value('issueDate', draft.issueDate),
    producer: {
      name: recorder.value('producer.name', draft.producer.name),
      address: recorder.value('producer.address', draft.producer.address),
      phone: recorder.value('producer.phone', draft.producer.phone),
    },
    insured: { name: recorder.value('insured.name', draft.insured.name), address: recorder.value('insured.address', draft.insured.address) },
    coverages,
    otherCoverages,
    certificateHolder: {
      name: recorder.value('certificateHolder.name', draft.certificateHolder.name),
      address: recorder.value('certificateHolder.address', draft.certificateHolder.address),
    },
  };
  return { data, fieldDetails: recorder.details };
}
