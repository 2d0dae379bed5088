import type { Docsift, RegistryEntry } from '@docsift/core';
import { ApiError, forbidden, notFound } from './errors.js';
import type { OrganizationType } from '../persistence/entities/job.entities.js';
import type { TypeRepository } from '../persistence/type.repository.js';
import { isUniqueViolation } from './account.service.js';
import type { Principal } from './principal.js';

export interface TypeInput {
  displayName: string;
  description: string;
  confidenceThreshold: number;
  fields: OrganizationType['fields'];
  keywords?: string[];
  examples?: string[];
}

/** The registry as an organization sees it: the installed plugins' types plus its own. */
export class TypeService {
  readonly #docsift: Docsift;
  readonly #repository: TypeRepository;
  readonly #clock: () => Date;

  constructor({ docsift, typeRepository, clock }: { docsift: Docsift; typeRepository: TypeRepository; clock: () => Date }) {
    this.#docsift = docsift;
    this.#repository = typeRepository;
    this.#clock = clock;
  }

  /** The organization's own types as registry entries (for the classifier and the extractor). */
  async extraEntries(organizationId: string): Promise<RegistryEntry[]> {
    return (await this.#repository.list(organizationId)).map(toEntry);
  }

  async list(principal: Principal, layout: 'primary' | 'legacy'): Promise<Record<string, unknown>> {
    const entries = this.#docsift.entries({ extraEntries: await this.extraEntries(principal.organizationId) });
    if (layout === 'legacy') {
      return {
        documentTypes: entries.map((entry) => ({
          type: entry.legacyTypeCodes[0] ?? entry.typeCode,
          name: entry.displayName,
          description: entry.description,
          supportedFields: entry.fields.map((field) => ({
            field: field.name,
            type: field.type,
            description: field.description,
            ...(field.required === undefined ? {} : { required: field.required }),
          })),
        })),
      };
    }
    return { types: entries.map(item) };
  }

  async create(principal: Principal, input: TypeInput & { typeCode: string }): Promise<Record<string, unknown>> {
    if (this.#isBuiltIn(input.typeCode)) {
      throw new ApiError('conflict', `"${input.typeCode}" is a built-in type code.`, { typeCode: input.typeCode });
    }
    const now = this.#clock();
    const type: OrganizationType = {
      id: crypto.randomUUID(),
      organizationId: principal.organizationId,
      typeCode: input.typeCode,
      ...normalize(input),
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.#repository.insert(type);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('conflict', `The type "${input.typeCode}" already exists.`, { typeCode: input.typeCode });
      throw error;
    }
    return view(type);
  }

  async update(principal: Principal, typeCode: string, input: TypeInput): Promise<Record<string, unknown>> {
    if (this.#isBuiltIn(typeCode)) throw forbidden('Built-in types cannot be changed.', { typeCode });
    const existing = await this.#repository.find(principal.organizationId, typeCode);
    if (!existing) throw notFound('Document type');
    const updated: OrganizationType = { ...existing, ...normalize(input), updatedAt: this.#clock() };
    if (!(await this.#repository.update(updated))) throw notFound('Document type');
    return view(updated);
  }

  async remove(principal: Principal, typeCode: string): Promise<void> {
    if (this.#isBuiltIn(typeCode)) throw forbidden('Built-in types cannot be deleted.', { typeCode });
    if (!(await this.#repository.delete(principal.organizationId, typeCode))) throw notFound('Document type');
  }

  #isBuiltIn(typeCode: string): boolean {
    return typeCode === 'unknown' || this.#docsift.registry.plugin(typeCode) !== undefined;
  }
}

function normalize(input: TypeInput): Omit<OrganizationType, 'id' | 'organizationId' | 'typeCode' | 'createdAt' | 'updatedAt'> {
  return {
    displayName: input.displayName,
    description: input.description,
    confidenceThreshold: input.confidenceThreshold,
    fields: input.fields,
    keywords: input.keywords ?? [],
    examples: input.examples ?? [],
  };
}

function toEntry(type: OrganizationType): RegistryEntry {
  return {
    typeCode: type.typeCode,
    displayName: type.displayName,
    description: type.description,
    confidenceThreshold: type.confidenceThreshold,
    extractionSupported: true,
    legacyTypeCodes: [],
    fields: type.fields,
    keywords: type.keywords,
    examples: type.examples,
  };
}

function item(entry: RegistryEntry) {
  return {
    typeCode: entry.typeCode,
    displayName: entry.displayName,
    description: entry.description,
    confidenceThreshold: entry.confidenceThreshold,
    extractionSupported: entry.extractionSupported,
  };
}

function view(type: OrganizationType): Record<string, unknown> {
  return {
    ...item(toEntry(type)),
    fields: type.fields,
    keywords: type.keywords,
    examples: type.examples,
    createdAt: type.createdAt.toISOString(),
    updatedAt: type.updatedAt.toISOString(),
  };
}
