import { expect } from 'chai';
import { z } from 'zod';
import { DocsiftError, PLUGIN_API_VERSION, PluginRegistry, lendingRequirementsSpec, type DocumentTypePlugin } from '@docsift/core';
import { insuranceCertPlugin } from '../../../plugins/insurance-cert/src/index.js';
import { sorPlugin } from '../../../plugins/sor/src/index.js';

const bundled = () => new PluginRegistry([sorPlugin(), insuranceCertPlugin()]).lendingRequirements;

const issuePaths = (input: unknown): string[] => {
  const parsed = bundled().schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

/** A lending plugin whose only requirement members are `members`. */
function lendingPlugin(name: string, typeCode: string, members: z.ZodRawShape): DocumentTypePlugin {
  return {
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name,
    version: '1.0.0',
    entry: {
      typeCode,
      displayName: typeCode,
      description: `A ${typeCode}.`,
      confidenceThreshold: 0.8,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: [],
      keywords: [],
      examples: [],
    },
    dataSchema: z.object({}),
    detector: { artifact: null, trainingExamples: async () => [] },
    extractor: { extract: async () => ({ data: {}, fieldDetails: {} }) },
    validators: [],
    lending: { requirements: z.object(members), evaluate: () => ({ checks: [], analysis: {} }) },
  };
}

describe('lending: requirements defined by the lending plugins', () => {
  it('combines the common member with those of each lending plugin, with their defaults', () => {
    const spec = bundled();
    expect(spec.defaults()).to.deep.equal({
      minimumFieldConfidence: 0.6,
      maxSorDifference: 1,
      requiredCoverages: ['general_liability', 'workers_comp'],
      minimumLimits: { general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } },
      certificateHolderName: null,
      minimumDaysValid: 30,
    });
    expect(spec.owners).to.deep.equal({
      minimumFieldConfidence: 'common',
      maxSorDifference: '@docsift/plugin-sor',
      requiredCoverages: '@docsift/plugin-insurance-cert',
      minimumLimits: '@docsift/plugin-insurance-cert',
      certificateHolderName: '@docsift/plugin-insurance-cert',
      minimumDaysValid: '@docsift/plugin-insurance-cert',
    });
    expect(spec.parse(undefined)).to.deep.equal(spec.defaults());
  });

  it('has only the common member when no lending plugin is installed', () => {
    expect(lendingRequirementsSpec([]).defaults()).to.deep.equal({ minimumFieldConfidence: 0.6 });
    expect(() => lendingRequirementsSpec([]).parse({ maxSorDifference: 1 })).to.throw(/maxSorDifference/);
  });

  it('keeps what the organization configured and defaults the rest', () => {
    const parsed = bundled().parse({
      requiredCoverages: ['general_liability'],
      minimumLimits: { umbrella: { eachOccurrence: 5_000_000 } },
      certificateHolderName: '  Riverbend Savings Bank ISAOA/ATIMA ',
      minimumDaysValid: 60,
    });
    expect(parsed).to.deep.include({
      requiredCoverages: ['general_liability'],
      minimumLimits: { umbrella: { eachOccurrence: 5_000_000 } },
      certificateHolderName: 'Riverbend Savings Bank ISAOA/ATIMA',
      minimumDaysValid: 60,
      maxSorDifference: 1,
    });
  });

  it('gives each call its own default objects', () => {
    const spec = bundled();
    (spec.defaults().requiredCoverages as string[]).push('umbrella');
    expect(spec.defaults().requiredCoverages).to.deep.equal(['general_liability', 'workers_comp']);
  });

  it('names the offending member of an invalid body, and refuses members it does not know', () => {
    expect(issuePaths({ minimumDaysValid: 1.5 })).to.deep.equal(['minimumDaysValid']);
    expect(issuePaths({ maxSorDifference: -0.01 })).to.deep.equal(['maxSorDifference']);
    expect(issuePaths({ minimumFieldConfidence: 1.2 })).to.deep.equal(['minimumFieldConfidence']);
    expect(issuePaths({ requiredCoverages: ['umbrella', 'umbrella'] })).to.deep.equal(['requiredCoverages']);
    expect(issuePaths({ certificateHolderName: '   ' })).to.deep.equal(['certificateHolderName']);
    expect(issuePaths({ minimumDaysValidity: 30 })).to.deep.equal(['']);
  });

  it('reads saved requirements leniently: members of removed plugins dropped, invalid ones defaulted', () => {
    const sorOnly = new PluginRegistry([sorPlugin()]).lendingRequirements;
    expect(sorOnly.parseSaved({ maxSorDifference: 5, minimumDaysValid: 45, minimumFieldConfidence: 7 })).to.deep.equal({
      maxSorDifference: 5,
      minimumFieldConfidence: 0.6,
    });
    expect(sorOnly.parseSaved(null)).to.deep.equal(sorOnly.defaults());
  });

  it('refuses, at registration, a member two plugins declare or one without a default, naming the plugin', () => {
    const first = lendingPlugin('@example/first', 'first_type', { maxDays: z.number().default(1) });
    const clash = lendingPlugin('@example/second', 'second_type', { maxDays: z.number().default(2) });
    expect(() => new PluginRegistry([first, clash]))
      .to.throw(DocsiftError, 'Plugin "@example/second" declares the lending requirement "maxDays", which plugin "@example/first" already declares.');
    const common = lendingPlugin('@example/common', 'common_type', { minimumFieldConfidence: z.number().default(0.5) });
    expect(() => new PluginRegistry([common])).to.throw(DocsiftError, /which core already declares/);
    const noDefault = lendingPlugin('@example/strict', 'strict_type', { maxDays: z.number() });
    expect(() => new PluginRegistry([noDefault])).to.throw(DocsiftError, /"@example\/strict" declares the lending requirement "maxDays" without a valid default/);
  });

  it('makes the lending types those of the plugins that declare lending support', () => {
    const registry = new PluginRegistry([sorPlugin(), lendingPlugin('@example/waiver', 'lien_waiver', {})]);
    expect(registry.lendingPlugins().map((plugin) => plugin.entry.typeCode)).to.deep.equal(['sor', 'lien_waiver']);
  });
});
