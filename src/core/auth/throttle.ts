import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SIGN_IN_POLICY } from '../../shared/sign-in-policy';
import { AppError } from '../errors/app-error';

/**
 * Whom a sign-in attempt counts against: a browser known to the account (its device cookie's
 * nonce), a resolved user (every spelling of an account shares one count), or, for a name that
 * resolves to nobody, the school and the name's identity.
 */
export type ThrottleSubject = { device: string } | { userId: number } | { code: string; identity: string };

export interface AttemptOrigin {
  ip: string;
  code: string;
  /** A known browser is not held back by its address's failures. */
  trusted: boolean;
}

/** Failed sign-ins counted in Redis per subject and per address (and address + school), in a fixed window. */
export class SignInThrottle {
  private secret?: Promise<Buffer>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private subjectKey(subject: ThrottleSubject): string {
    if ('device' in subject) return `${this.prefix}:signin:device:${subject.device}`;
    if ('userId' in subject) return `${this.prefix}:signin:user:${subject.userId}`;
    return `${this.prefix}:signin:name:${subject.code.toLowerCase()}:${subject.identity}`;
  }

  private addressKeys(origin: AttemptOrigin) {
    return {
      school: { key: `${this.prefix}:signin:addr:${origin.ip}:${origin.code.toLowerCase()}`, limit: SIGN_IN_POLICY.perAddressSchool },
      any: { key: `${this.prefix}:signin:addr:${origin.ip}`, limit: SIGN_IN_POLICY.perAddress },
    };
  }

  private subjectLimit(subject: ThrottleSubject): number {
    return 'device' in subject ? SIGN_IN_POLICY.perDevice : SIGN_IN_POLICY.perAccount;
  }

  async assertAllowed(subject: ThrottleSubject, origin: AttemptOrigin): Promise<void> {
    if (!origin.trusted) {
      for (const { key, limit } of Object.values(this.addressKeys(origin))) {
        if (Number(await this.redis.get(key)) >= limit) await this.refuse(key, 'auth.throttledAddress');
      }
    }
    const key = this.subjectKey(subject);
    if (Number(await this.redis.get(key)) >= this.subjectLimit(subject)) await this.refuse(key, 'auth.throttledAccount');
  }

  /** Counts a failure; returns the subject's failures in the window. A count reaching its limit is logged. */
  async recordFailure(subject: ThrottleSubject, origin: AttemptOrigin): Promise<number> {
    const window = SIGN_IN_POLICY.windowSeconds;
    const counters = [{ key: this.subjectKey(subject), limit: this.subjectLimit(subject) }, ...(origin.trusted ? [] : Object.values(this.addressKeys(origin)))];
    const tx = this.redis.multi();
    for (const { key } of counters) tx.incr(key).expire(key, window, 'NX');
    const results = (await tx.exec()) ?? [];
    const counts = counters.map((_, i) => Number(results[i * 2]?.[1] ?? 0));
    counters.forEach(({ key, limit }, i) => {
      if (counts[i] === limit) logLockout(key.slice(this.prefix.length + 1), origin, window);
    });
    return counts[0];
  }

  async recordSuccess(subject: ThrottleSubject): Promise<void> {
    await this.redis.del(this.subjectKey(subject));
  }

  /** A school administrator's unlock: the account's count from unknown browsers starts again. */
  async unlockUser(userId: number): Promise<boolean> {
    return (await this.redis.del(this.subjectKey({ userId }))) > 0;
  }

  /** Which of these users are locked by failures from unknown browsers. */
  async lockedUsers(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const counts = await this.redis.mget(userIds.map((userId) => this.subjectKey({ userId })));
    return new Set(userIds.filter((_, i) => Number(counts[i]) >= SIGN_IN_POLICY.perAccount));
  }

  /** The device cookies' signing key, made once and shared by every app instance through Redis. */
  deviceSecret(): Promise<Buffer> {
    const key = `${this.prefix}:signin:device-secret`;
    this.secret ??= this.redis
      .set(key, randomBytes(32).toString('base64'), 'NX')
      .then(() => this.redis.get(key))
      .then((value) => Buffer.from(value ?? '', 'base64'));
    return this.secret;
  }

  private async refuse(key: string, message: 'auth.throttledAccount' | 'auth.throttledAddress'): Promise<never> {
    const ttl = await this.redis.ttl(key);
    throw new AppError('TOO_MANY_REQUESTS', message, { minutes: Math.max(1, Math.ceil(ttl / 60)) });
  }
}

/** Every lockout is logged (one JSON line), so an administrator can see who was locked and from where. */
function logLockout(counter: string, origin: AttemptOrigin, windowSeconds: number): void {
  const until = new Date(Date.now() + windowSeconds * 1000).toISOString();
  console.warn(`[sign-in lockout] ${JSON.stringify({ counter, school: origin.code, address: origin.ip, until })}`);
}
