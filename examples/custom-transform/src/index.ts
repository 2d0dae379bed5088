export { loanSystemMapper, type LoanSystemRecord } from './loan-system.mapper.js';
export { OutboxFileTransport, outboxFileTransport, type OutboxLine } from './outbox-file.transport.js';
