import { z } from 'zod';
import { LegacyExtractResponse } from './legacy.schemas.js';

const status = z.enum(['pending', 'processing', 'completed', 'failed']);

export const TaskSubmitMultipart = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The statement of repair: PDF, JPEG or PNG (decided by content)' }),
    model: z
      .string()
      .optional()
      .describe(
        '`local` (default): the local analysis only. `openai` or the configured AI model\'s name (as on POST /api/documents/extract): the local analysis, then a narrative review by the model, its findings marked `source: "model"` (docs/analysis.md); anything else is 400',
      ),
    useChunking: z
      .enum(['true', 'false'])
      .optional()
      .describe('With a model review: `true` sends the statement to the model section by section (one request per section, at most 20), `false` (default) in one request'),
  })
  .meta({ id: 'SubmitAnalysisTask' });

/** The text parts of a task submission, validated. */
export const TaskSubmitFields = z.object({
  model: z.string().max(128).optional(),
  useChunking: z.enum(['true', 'false'], { message: 'useChunking must be true or false' }).optional(),
});

export const TaskParams = z.object({ taskId: z.string().max(64) });

export const TaskCreated = z
  .object({ taskId: z.uuid(), status: z.literal('pending'), statusUrl: z.url() })
  .meta({ id: 'TaskCreated' });

const Finding = z
  .object({
    severity: z.string(),
    code: z.string(),
    message: z.string(),
    path: z.string().optional(),
    source: z.literal('model').optional().describe('`model`: a finding of the model review (docs/analysis.md); absent: the local analysis'),
  })
  .passthrough();

export const TaskStatus = z
  .object({
    taskId: z.uuid(),
    status,
    progress: z.number().int().min(0).max(100),
    result: z
      .object({
        documentType: z.literal('sor'),
        extractedData: z.record(z.string(), z.unknown()).describe('The statement in the primary layout'),
        findings: z.array(Finding).describe("The type's validation findings, as on the job record"),
        analysis: z.object({ findings: z.array(Finding), summary: z.record(z.string(), z.unknown()) }).describe('docs/analysis.md'),
      })
      .optional()
      .describe('Once completed'),
    error: z.string().optional().describe('Once failed: why'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'TaskStatus' });

export const LegacyTaskStatus = z
  .object({
    taskId: z.uuid(),
    status,
    progress: z.number().int().min(0).max(100),
    result: LegacyExtractResponse.optional().describe('Once completed: the legacy synchronous response (an analysis task: one document, with its `analysis`)'),
    error: z.string().optional(),
  })
  .meta({ id: 'LegacyTaskStatus' });
