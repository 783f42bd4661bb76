import type { Redis } from 'ioredis';
import { SIGN_IN_THROTTLE } from '../../shared/limits';
import { AppError } from '../errors/app-error';

/**
 * Whom a sign-in attempt is against: a resolved user (every spelling of an account that reaches
 * it shares one count), or, for a name that resolves to nobody, the school and the name's identity.
 */
export type ThrottleSubject = { userId: number } | { code: string; identity: string };

/**
 * Counts failed sign-ins per subject and per client address in Redis, in a fixed window; past
 * the limit every attempt is refused until the window ends.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private subjectKey(subject: ThrottleSubject): string {
    return 'userId' in subject
      ? `${this.prefix}:signin:user:${subject.userId}`
      : `${this.prefix}:signin:name:${subject.code.toLowerCase()}:${subject.identity}`;
  }

  private addressKey(address: string): string {
    return `${this.prefix}:signin:addr:${address}`;
  }

  async assertAddressAllowed(address: string): Promise<void> {
    const key = this.addressKey(address);
    if (Number(await this.redis.get(key)) >= SIGN_IN_THROTTLE.perAddress) await this.refuse(key, 'auth.throttledAddress');
  }

  async assertSubjectAllowed(subject: ThrottleSubject): Promise<void> {
    const key = this.subjectKey(subject);
    if (Number(await this.redis.get(key)) >= SIGN_IN_THROTTLE.perAccount) await this.refuse(key, 'auth.throttledAccount');
  }

  async recordFailure(subject: ThrottleSubject, address: string): Promise<void> {
    const window = SIGN_IN_THROTTLE.windowSeconds;
    const [account, addr] = [this.subjectKey(subject), this.addressKey(address)];
    await this.redis.multi().incr(account).expire(account, window, 'NX').incr(addr).expire(addr, window, 'NX').exec();
  }

  async recordSuccess(subject: ThrottleSubject): Promise<void> {
    await this.redis.del(this.subjectKey(subject));
  }

  private async refuse(key: string, message: 'auth.throttledAccount' | 'auth.throttledAddress'): Promise<never> {
    const ttl = await this.redis.ttl(key);
    throw new AppError('TOO_MANY_REQUESTS', message, { minutes: Math.max(1, Math.ceil(ttl / 60)) });
  }
}
