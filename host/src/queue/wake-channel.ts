import { BaseNotificationChannel, toJobId, type JobNotification } from 'agenda';
import type { WakeSignal } from './wake-signal.js';

/**
 * One queue's view of the process's wake signal, as Agenda's notification channel: Agenda publishes
 * each saved entry to it, and its job processor, once started, looks for due entries of the woken
 * name at once (through the usual claim, so a wake never runs a job twice).
 */
export class WakeChannel extends BaseNotificationChannel {
  private stopListening: (() => void) | null = null;

  constructor(private readonly signal: WakeSignal) {
    super();
    // Publishing needs no connection of its own (the signal has it): a queue that only enqueues
    // (an API process) never starts, so never connects, and must still wake the workers.
    this.setState('connected');
  }

  async connect(): Promise<void> {
    this.stopListening ??= this.signal.listen((wake) =>
      this.notifyHandlers({ jobId: toJobId(wake.jobName), jobName: wake.jobName, nextRunAt: wake.runAt, priority: 0, timestamp: new Date() }),
    );
    this.setState('connected');
  }

  async disconnect(): Promise<void> {
    this.stopListening?.();
    this.stopListening = null;
    this.handlers.clear();
    this.setState('disconnected');
  }

  async publish(notification: JobNotification): Promise<void> {
    this.signal.wake({ jobName: notification.jobName, runAt: notification.nextRunAt });
  }
}
