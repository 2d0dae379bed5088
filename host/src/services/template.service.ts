import type { Docsift, FieldSpec } from '@docsift/core';
import type { Template } from '../persistence/entities/template.entities.js';
import type { LearnedLayoutRepository } from '../persistence/learned-layout.repository.js';
import type { TemplateRepository } from '../persistence/template.repository.js';
import { timeOrderedUuid } from '../persistence/time-ordered-id.js';
import { ApiError, badRequest, notFound } from './errors.js';
import type { Principal } from './principal.js';
import type { TypeService } from './type.service.js';

export const MAX_TEMPLATE_FIELDS = 100;
export const MAX_SUB_FIELDS = 50;

/** A template as the HTTP layer hands it over, once its shape is validated (http/schemas/b2c.schemas.ts). */
export interface TemplateInput {
  name: string;
  description?: string;
  documentType?: string;
  fields: FieldSpec[];
}

export interface TemplateServiceDeps {
  templateRepository: TemplateRepository;
  learnedLayoutRepository: LearnedLayoutRepository;
  typeService: TypeService;
  docsift: Docsift;
  clock: () => Date;
}

/** The consumer's templates, per organization (docs/consumer.md). */
export class TemplateService {
  readonly #deps: TemplateServiceDeps;

  constructor(deps: TemplateServiceDeps) {
    this.#deps = deps;
  }

  async list(principal: Principal): Promise<Record<string, unknown>> {
    const templates = await this.#deps.templateRepository.listTemplates(principal.organizationId);
    return { templates: templates.map(templateView) };
  }

  async get(principal: Principal, id: string): Promise<Record<string, unknown>> {
    return templateView(await this.find(principal.organizationId, id));
  }

  async create(principal: Principal, input: TemplateInput): Promise<Record<string, unknown>> {
    await this.#checkDocumentType(principal.organizationId, input.documentType);
    const now = this.#deps.clock();
    const template: Template = {
      id: timeOrderedUuid(now.getTime()),
      organizationId: principal.organizationId,
      ...contentOf(input),
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    await this.#deps.templateRepository.insertTemplate(template);
    return templateView(template);
  }

  /** Replaces the template's content and bumps its version; extractions already submitted keep the version they used. */
  async update(principal: Principal, id: string, input: TemplateInput): Promise<Record<string, unknown>> {
    const existing = await this.find(principal.organizationId, id);
    await this.#checkDocumentType(principal.organizationId, input.documentType);
    const template: Template = { ...existing, ...contentOf(input), version: existing.version + 1, updatedAt: this.#deps.clock() };
    if (!(await this.#deps.templateRepository.updateTemplate(template, existing.version))) {
      if (!(await this.#deps.templateRepository.findTemplate(principal.organizationId, id))) throw notFound('Template');
      throw new ApiError('conflict', 'The template was changed by another request meanwhile; read it again and retry.');
    }
    return templateView(template);
  }

  /** Extractions made with the template keep their data and the fields they used; the layouts it learned go with it. */
  async remove(principal: Principal, id: string): Promise<void> {
    const { organizationId } = principal;
    const layouts = this.#deps.learnedLayoutRepository.templateDeletion(organizationId, id);
    if (!(await this.#deps.templateRepository.deleteTemplate(organizationId, id, [layouts]))) throw notFound('Template');
  }

  /** The organization's template, or 404 (another organization's answers exactly like a missing one). */
  async find(organizationId: string, id: string): Promise<Template> {
    const template = await this.#deps.templateRepository.findTemplate(organizationId, id);
    if (!template) throw notFound('Template');
    return template;
  }

  async #checkDocumentType(organizationId: string, documentType: string | undefined): Promise<void> {
    if (documentType === undefined) return;
    const known = [...this.#deps.docsift.registry.entries(), ...(await this.#deps.typeService.extraEntries(organizationId))].map((entry) => entry.typeCode);
    if (!known.includes(documentType)) {
      throw badRequest(`documentType "${documentType}" is not a registered type code (GET /api/documents/types lists them).`, { field: 'documentType', known });
    }
  }
}

function contentOf(input: TemplateInput): Pick<Template, 'name' | 'description' | 'documentType' | 'fields'> {
  return { name: input.name, description: input.description ?? null, documentType: input.documentType ?? null, fields: input.fields };
}

export function templateView(template: Template): Record<string, unknown> {
  return {
    id: template.id,
    name: template.name,
    ...(template.description === null ? {} : { description: template.description }),
    ...(template.documentType === null ? {} : { documentType: template.documentType }),
    fields: template.fields,
    version: template.version,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
