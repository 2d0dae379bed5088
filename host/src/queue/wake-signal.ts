import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createWakeRelay, wakeRelayKind, type WakeRelay } from './wake-relays.js';

/** A queue has an entry named `jobName` due at `runAt` (null: now). */
export interface Wake {
  jobName: string;
  runAt: Date | null;
}

/**
 * Tells idle workers that a queue has a new entry, so they look for it at once instead of at their
 * next poll. A wake only makes a worker claim as it would on a poll (leases and locks unchanged);
 * a lost wake costs at most one poll interval.
 */
export interface WakeSignal {
  /** Delivers to this process's listeners at once and, with a relay, to other processes. Never throws. */
  wake(wake: Wake): void;
  /** Calls `onWake` for each wake from this process or another; returns what stops it. */
  listen(onWake: (wake: Wake) => void | Promise<void>): () => void;
  /** Connects the relay, if any; a relay that cannot connect is logged and retried, polling covers the gap. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export interface WakeSignalOptions {
  /** redis:// (pub/sub) or postgres:// (LISTEN/NOTIFY) carries wakes to other processes; null: this process only. */
  relayUrl: string | null;
  /** The pub/sub or LISTEN channel; processes sharing a queue must use the same one. */
  channelName: string;
  logger: Logger;
}

/** How long start-up waits for a relay before going on without it (it keeps connecting meanwhile). */
const RELAY_CONNECT_WAIT_MS = 5000;

/** What travels through the relay: never job data. */
interface WakeMessage {
  origin: string;
  jobName: string;
  runAt: string | null;
}

export function createWakeSignal(options: WakeSignalOptions): WakeSignal {
  return new ProcessWakeSignal(options);
}

class ProcessWakeSignal implements WakeSignal {
  private readonly listeners = new Set<(wake: Wake) => void | Promise<void>>();
  /** Wakes on their way through the relay; close() lets them go out (a stopping worker's hand-back wakes the others). */
  private readonly publishing = new Set<Promise<void>>();
  /** Marks this process's own wakes, so their echo from the relay is not delivered twice. */
  private readonly origin = randomUUID();
  private readonly logger: Logger;
  private relay: WakeRelay | null = null;
  private opening: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: WakeSignalOptions) {
    this.logger = options.logger.child({ component: 'queue-wake' });
  }

  wake(wake: Wake): void {
    this.deliver(wake);
    if (!this.relay) return;
    const message: WakeMessage = { origin: this.origin, jobName: wake.jobName, runAt: wake.runAt?.toISOString() ?? null };
    const published = this.relay
      .publish(JSON.stringify(message))
      .catch((error: unknown) => this.logger.debug({ err: error }, 'could not relay a queue wake; other processes find the job at their next poll'))
      .finally(() => this.publishing.delete(published));
    this.publishing.add(published);
  }

  listen(onWake: (wake: Wake) => void | Promise<void>): () => void {
    this.listeners.add(onWake);
    return () => this.listeners.delete(onWake);
  }

  private deliver(wake: Wake): void {
    for (const onWake of this.listeners) {
      Promise.resolve()
        .then(() => onWake(wake))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'a queue wake listener failed'));
    }
  }

  private receive(text: string): void {
    try {
      const message = JSON.parse(text) as WakeMessage;
      if (message.origin === this.origin || typeof message.jobName !== 'string') return;
      this.deliver({ jobName: message.jobName, runAt: message.runAt ? new Date(message.runAt) : null });
    } catch (error) {
      this.logger.debug({ err: error }, 'ignored a malformed queue wake');
    }
  }

  open(): Promise<void> {
    this.opening ??= this.connectRelay();
    return this.opening;
  }

  private async connectRelay(): Promise<void> {
    const { relayUrl, channelName } = this.options;
    if (relayUrl === null || this.closed) return;
    const relay = await createWakeRelay(relayUrl, channelName, this.logger);
    this.relay = relay;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn({ relay: wakeRelayKind(relayUrl) }, 'the queue wake relay is not connected yet; workers poll until it is');
        resolve();
      }, RELAY_CONNECT_WAIT_MS);
    });
    const started = relay.start((text) => this.receive(text)).catch((error: unknown) => {
      if (!this.closed) this.logger.warn({ err: error, relay: wakeRelayKind(relayUrl) }, 'could not connect the queue wake relay; workers poll until it connects');
    });
    await Promise.race([started, gaveUp]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.opening;
    await Promise.all(this.publishing);
    await this.relay?.close().catch((error: unknown) => this.logger.warn({ err: error }, 'could not close the queue wake relay'));
    this.relay = null;
  }
}
