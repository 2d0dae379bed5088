import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { BaseMessage } from '@langchain/core/messages';
import sinon from 'sinon';
import type { Logger, RegistryEntry } from '@docsift/core';

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };

/** A fake chat model answering with `responses` in turn, and a spy on what it was sent. */
export function fakeModel(responses: string[]) {
  const model = new FakeListChatModel({ responses });
  const invoke = sinon.spy(model, 'invoke');
  const prompts = (): string[][] =>
    invoke.getCalls().map((call) => (call.args[0] as BaseMessage[]).map((message) => String(message.content)));
  return { model, invoke, prompts };
}

export function entry(typeCode: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    typeCode,
    displayName: `${typeCode} display`,
    description: `Description of ${typeCode}.`,
    confidenceThreshold: 0.7,
    extractionSupported: true,
    legacyTypeCodes: [],
    fields: [],
    keywords: [],
    examples: [],
    ...overrides,
  };
}
