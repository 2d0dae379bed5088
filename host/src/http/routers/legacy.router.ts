import { defineRoute } from '../route.js';
import { commonErrors, errorResponse } from '../schemas/common.schemas.js';
import { SplitPdfParams, SplitPdfQuery } from '../schemas/legacy.schemas.js';

const tags = ['Legacy'];

export const legacyRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/documents/split/{jobId}/{pages}',
    summary:
      'One document of a legacy synchronous extraction as a PDF of its own (its `splitPdfUrl`): no API key, the signature authorizes; valid 24 h, and while the job exists',
    tags,
    auth: { kind: 'public' },
    request: { params: SplitPdfParams, query: SplitPdfQuery },
    responses: {
      200: { description: 'The pages as a PDF (an image upload: the image on one page)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      403: errorResponse('The address was altered or forged (details.reason invalid_signature), or has expired (details.reason expired)'),
      404: errorResponse('The job was deleted or purged'),
      ...commonErrors,
    },
    handler: ({ legacyExtractionService }) => async ({ params, query }) => ({
      status: 200,
      body: Buffer.from(await legacyExtractionService.splitPdf(params.jobId, params.pages, query.expires, query.signature)),
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="pages-${params.pages[0]}-${params.pages[1]}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    }),
  }),
];
