import sinon from 'sinon';
import { closeCorpusReader } from './corpus-documents.js';

export const mochaHooks = {
  afterEach(): void {
    sinon.restore();
  },
  async afterAll(): Promise<void> {
    await closeCorpusReader();
  },
};
