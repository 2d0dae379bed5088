export { loanSystemMapper, type LoanSystemRecord } from './loan-system.mapper.js';
export { OutboxFileTransport, type OutboxLine } from './outbox-file.transport.js';
